import process from 'node:process'
import { env, readConfig } from '@cms/config'
import type { ConfigOf, EnvParser } from '@cms/config'
import { brokerUrls } from '@cms/amqp'
import { QUEUE_TYPES } from './messaging/topology.ts'

/** A comma-separated list of delays in milliseconds, e.g. `1000,5000,25000`. */
function delayList(options: { default: readonly number[] }): EnvParser<readonly number[]> {
  return (raw, name) => {
    if (raw === undefined || raw.trim() === '') return options.default
    const parts = raw.split(',').map((part) => part.trim())
    if (parts.some((part) => !/^\d+$/.test(part)) || parts.length === 0 || parts.length > 10) {
      throw new TypeError(
        `${name} must be a comma-separated list of 1 to 10 delays in milliseconds`,
      )
    }
    const delays = parts.map(Number)
    if (delays.some((delay) => delay < 1 || delay > 86_400_000)) {
      throw new TypeError(`${name} delays must be between 1 ms and one day`)
    }
    return delays
  }
}

const spec = {
  PORT: env.port({ default: 8084 }),
  HOST: env.string({ default: '127.0.0.1' }),
  /** `/metrics` is served on this port only, never on the service's own (docs/deployment.md). */
  METRICS_PORT: env.optionalPort(),
  MONGO_URL: env.url({ protocols: ['mongodb', 'mongodb+srv'] }),
  MONGO_DB: env.string({ default: 'cms_webhook' }),
  /** The audit log's database, on the MONGO_URL server (docs/audit.md). */
  AUDIT_DB: env.string({ default: 'cms_audit' }),
  AMQP_URL: brokerUrls(),
  INTERNAL_TOKEN: env.secret({ minLength: 16 }),
  LOG_LEVEL: env.oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    default: 'info',
  }),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: env.boolean({ default: false }),
  /** Delay before each retry; the spec's schedule is 1 s, 5 s, 25 s (three retries). */
  WEBHOOK_RETRY_DELAYS_MS: delayList({ default: [1000, 5000, 25_000] }),
  WEBHOOK_TIMEOUT_MS: env.integer({ default: 10_000, min: 100, max: 60_000 }),
  /** Unacknowledged delivery jobs this instance holds; see docs/webhooks.md for the sizing. */
  WEBHOOK_PREFETCH: env.integer({ default: 64, min: 1, max: 1000 }),
  /** Requests in flight from one website to one resolved address (docs/webhooks.md). */
  WEBHOOK_HOST_CONCURRENCY: env.integer({ default: 4, min: 1, max: 100 }),
  /** Requests in flight to one resolved address, all websites together. */
  WEBHOOK_TARGET_CONCURRENCY: env.integer({ default: 16, min: 1, max: 1000 }),
  /** Percent of WEBHOOK_PREFETCH a slow website's jobs may hold, running or waiting (its share). */
  WEBHOOK_WEBSITE_SHARE_PERCENT: env.integer({ default: 25, min: 1, max: 100 }),
  /** A website with an attempt running longer than this is slow: held to its share. */
  WEBHOOK_SLOW_MS: env.integer({ default: 250, min: 10, max: 60_000 }),
  /** Time-outs in a row after which an endpoint is paced; 0 never paces. */
  WEBHOOK_PACE_AFTER_TIMEOUTS: env.integer({ default: 3, min: 0, max: 100 }),
  /** How long a paced endpoint's deliveries wait their retry schedule without being sent. */
  WEBHOOK_PACE_MS: env.integer({ default: 60_000, min: 100, max: 86_400_000 }),
  /** Prefix of the queue names, so a second installation (or a test) can share a broker. */
  WEBHOOK_QUEUE_PREFIX: env.string({ default: 'webhook' }),
  /** `classic` only to measure what quorum queues cost (docs/deployment.md); it loses jobs. */
  WEBHOOK_QUEUE_TYPE: env.oneOf(QUEUE_TYPES, { default: 'quorum' }),
  /** Delivery records (attempts, stored bodies) older than this many days are removed; 0 keeps them. */
  WEBHOOK_LOG_DAYS: env.integer({ default: 30, min: 0, max: 3650 }),
  /** How often the delivery log is swept for records past WEBHOOK_LOG_DAYS. */
  WEBHOOK_LOG_SWEEP_MS: env.integer({ default: 3_600_000, min: 100, max: 86_400_000 }),
}

export type WebhookConfig = ConfigOf<typeof spec>

export function readWebhookConfig(
  source: Record<string, string | undefined> = process.env,
): WebhookConfig {
  return readConfig(spec, source)
}
