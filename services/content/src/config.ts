import { env, readConfig } from '@cms/config'
import type { ConfigOf } from '@cms/config'
import { brokerUrls } from '@cms/amqp'
import { DEFAULT_POPULATE_LIMITS } from './domain/populate-budget.ts'
import { MEDIA_CONFIG_SPEC } from './media/media-config.ts'

export const CONTENT_MODES = ['read', 'write'] as const
export type ContentMode = (typeof CONTENT_MODES)[number]

export const READ_PREFERENCES = [
  'primary',
  'primaryPreferred',
  'secondary',
  'secondaryPreferred',
  'nearest',
] as const

const spec = {
  PORT: env.port({ default: 3001 }),
  HOST: env.string({ default: '127.0.0.1' }),
  /** `/metrics` is served on this port only, never on the service's own (docs/deployment.md). */
  METRICS_PORT: env.optionalPort(),
  MONGO_URL: env.url({ protocols: ['mongodb', 'mongodb+srv'] }),
  MONGO_DB: env.string({ default: 'cms_content' }),
  /** The audit log's database on the same server (docs/audit.md). */
  AUDIT_DB: env.string({ default: 'cms_audit' }),
  /**
   * off: this writer records no new changes in the audit log (the bench's baseline); its relay
   * still appends the records other writers' pointers carry.
   */
  AUDIT_LOG: env.boolean({ default: true }),
  AMQP_URL: brokerUrls(),
  /** The webhook service's, whose events queue this service declares too (docs/webhooks.md). */
  WEBHOOK_QUEUE_PREFIX: env.string({ default: 'webhook' }),
  INTERNAL_TOKEN: env.secret({ minLength: 16 }),
  SCHEMA_URL: env.url({ protocols: ['http', 'https'] }),
  CONTENT_MODE: env.oneOf(CONTENT_MODES),
  /** Where the read pool's queries go (docs/deployment.md); writers always read the primary. */
  MONGO_READ_PREFERENCE: env.oneOf(READ_PREFERENCES, { default: 'primary' }),
  LOG_LEVEL: env.string({ default: 'info' }),
  /**
   * How long the outbox relay sleeps when nothing woke it: its own commits and the broker's
   * return wake it, so this bounds how late the events of a writer that died after its commit go.
   */
  OUTBOX_POLL_MS: env.integer({ default: 10_000, min: 20, max: 60_000 }),
  /** The longest the schedule runner sleeps: how late a schedule runs whose instance died. */
  SCHEDULE_IDLE_MS: env.integer({ default: 10_000, min: 20, max: 300_000 }),
  /** Related documents one populated answer may embed, each repeat counted (docs/content.md). */
  POPULATE_MAX_DOCUMENTS: env.integer({
    default: DEFAULT_POPULATE_LIMITS.maxDocuments,
    min: 1,
    max: 1_000_000,
  }),
  /** Bytes one populated answer may have; far below a JavaScript string's limit. */
  POPULATE_MAX_BYTES: env.integer({
    default: DEFAULT_POPULATE_LIMITS.maxBytes,
    min: 1024,
    max: 256 * 1024 ** 2,
  }),
  /** How long the change log keeps its entries: an older sync token is 410 (docs/sync.md). */
  CHANGE_LOG_RETENTION_DAYS: env.integer({ default: 30, min: 1, max: 3650 }),
  /** How long a claimed seq may wait for its version record before it reads as void. */
  CHANGE_LOG_GRACE_MS: env.integer({ default: 60_000, min: 100, max: 600_000 }),
  /** How long a bulk job's runner holds it unrenewed before another writer resumes it (docs/bulk.md). */
  BULK_JOB_LEASE_MS: env.integer({ default: 30_000, min: 100, max: 600_000 }),
  /** How often each writer looks for unfinished bulk jobs whose runner stopped (a job runs where it was asked for; this only resumes one whose writer died). */
  BULK_JOB_POLL_MS: env.integer({ default: 30_000, min: 20, max: 300_000 }),
  /** How long a bulk job and its outcomes are kept after it was asked for. */
  BULK_JOB_RETENTION_DAYS: env.integer({ default: 7, min: 1, max: 365 }),
  ...MEDIA_CONFIG_SPEC,
}

export type ContentConfig = ConfigOf<typeof spec>

export function readContentConfig(source?: Record<string, string | undefined>): ContentConfig {
  return readConfig(spec, source)
}
