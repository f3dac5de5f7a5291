import process from 'node:process'
import { env, readConfig } from '@cms/config'
import type { ConfigOf } from '@cms/config'
import { brokerUrls } from '@cms/amqp'

const spec = {
  PORT: env.port({ default: 8082 }),
  HOST: env.string({ default: '127.0.0.1' }),
  /** `/metrics` is served on this port only, never on the service's own (docs/deployment.md). */
  METRICS_PORT: env.optionalPort(),
  MONGO_URL: env.url({ protocols: ['mongodb', 'mongodb+srv'] }),
  MONGO_DB: env.string({ default: 'cms_schema' }),
  /** The audit log's database, on the MONGO_URL server (docs/audit.md). */
  AUDIT_DB: env.string({ default: 'cms_audit' }),
  AMQP_URL: brokerUrls(),
  INTERNAL_TOKEN: env.secret({ minLength: 16 }),
  /** The content read pool, asked whether documents of a type exist before it is deleted. */
  CONTENT_URL: env.url({ protocols: ['http', 'https'] }),
  /** How long a delete waits for the content service's answer before giving up with 503. */
  CONTENT_TIMEOUT_MS: env.integer({ default: 5000, min: 100, max: 60_000 }),
  /** Memory for websites' type lists, served while their revision is unchanged (docs/schema.md). */
  TYPE_LIST_CACHE_MB: env.integer({ default: 64, min: 1, max: 4096 }),
  LOG_LEVEL: env.oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    default: 'info',
  }),
}

export type SchemaConfig = ConfigOf<typeof spec>

export function readSchemaConfig(
  source: Record<string, string | undefined> = process.env,
): SchemaConfig {
  return readConfig(spec, source)
}
