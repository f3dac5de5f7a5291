import { env, readConfig } from '@cms/config'
import type { ConfigOf } from '@cms/config'
import { sentinelAddresses } from './data/redis-sentinels.ts'
import { cdnPurgeConfigSpec } from './cdn-purge/purge-settings.ts'

const httpUrl = () => env.url({ protocols: ['http', 'https'] })

export const gatewayConfigSpec = {
  CMS_PORT: env.port({ default: 8080 }),
  HOST: env.string({ default: '127.0.0.1' }),
  /** `/metrics` is served on this port only, never on the service's own (docs/deployment.md). */
  METRICS_PORT: env.optionalPort(),
  MONGO_URL: env.url({ protocols: ['mongodb', 'mongodb+srv'] }),
  MONGO_DB: env.string({ default: 'cms_gateway' }),
  /** The audit log's database, shared by every service that records changes (docs/audit.md). */
  AUDIT_DB: env.string({ default: 'cms_audit' }),
  /** Audit entries older than this many days are swept away; `0` keeps them all (docs/audit.md). */
  AUDIT_RETENTION_DAYS: env.integer({ default: 365, min: 0, max: 36_500 }),
  AUDIT_SWEEP_INTERVAL_MS: env.integer({ default: 3_600_000, min: 100, max: 86_400_000 }),
  /** How often each changed chain's head is logged (and POSTed to AUDIT_HEAD_WEBHOOK). */
  AUDIT_HEAD_INTERVAL_MS: env.integer({ default: 3_600_000, min: 100, max: 86_400_000 }),
  AUDIT_HEAD_WEBHOOK: env.optionalString(),
  REDIS_URL: env.url({ protocols: ['redis', 'rediss'] }),
  /** Sentinel mode (docs/deployment.md): the Sentinels' host:port list; REDIS_URL's host unused. */
  REDIS_SENTINELS: sentinelAddresses(),
  REDIS_SENTINEL_NAME: env.string({ default: 'mymaster' }),
  REDIS_SENTINEL_PASSWORD: env.optionalString(),
  INTERNAL_TOKEN: env.secret(),
  CMS_ADMIN_TOKEN: env.secret(),
  /** Off: the admin token opens nothing; operators sign in as people (docs/people.md). */
  ADMIN_TOKEN_ENABLED: env.boolean({ default: true }),
  /** Where people reach the gateway, for links and provider redirects; else the request's origin. */
  PUBLIC_URL: env.optionalString(),
  /** OpenID providers, a JSON list (docs/people.md, "Single sign-on"). */
  OIDC_PROVIDERS: env.optionalString(),
  /** Who may sign in through a provider without an account: only the invited, or anyone it knows. */
  PEOPLE_SIGN_UP: env.oneOf(['invitation', 'first-sign-in'], { default: 'invitation' }),
  SESSION_IDLE_MINUTES: env.integer({ default: 60, min: 1, max: 7 * 24 * 60 }),
  SESSION_MAX_HOURS: env.integer({ default: 12, min: 1, max: 30 * 24 }),
  /** Password sign-in failures one account, or one address, may have per 15 minutes. */
  SIGN_IN_FAILURES_PER_ACCOUNT: env.integer({ default: 10, min: 1, max: 100_000 }),
  SIGN_IN_FAILURES_PER_ADDRESS: env.integer({ default: 50, min: 1, max: 100_000 }),
  /** Password reset links are also POSTed here, so no mail server is needed. */
  PASSWORD_RESET_WEBHOOK: env.optionalString(),
  CONTENT_READ_URL: httpUrl(),
  CONTENT_WRITE_URL: httpUrl(),
  SCHEMA_URL: httpUrl(),
  WEBHOOK_URL: httpUrl(),
  LOG_LEVEL: env.string({ default: 'info' }),
  /** Revocation must reach every instance within 5 s: a cached lookup lives 3 s, at most 4 s. */
  KEY_CACHE_TTL_MS: env.integer({ default: 3000, min: 0, max: 4000 }),
  UPSTREAM_CONNECT_TIMEOUT_MS: env.integer({ default: 1500, min: 100, max: 30_000 }),
  UPSTREAM_TIMEOUT_MS: env.integer({ default: 15_000, min: 100, max: 300_000 }),
  /** Failed authentications one client address may make per minute before it is refused. */
  AUTH_FAILURES_PER_MINUTE: env.integer({ default: 30, min: 1, max: 100_000 }),
  /** Prefix of every Redis key the gateway writes; instances that share limits share it. */
  REDIS_PREFIX: env.string({ default: 'cms:gateway' }),
  /** Reverse proxies in front of the gateway whose X-Forwarded-For entries are trusted. */
  TRUST_PROXY_HOPS: env.integer({ default: 0, min: 0, max: 10 }),
  /** Published reads answered from memory (docs/performance.md); off sends every read on. */
  READ_CACHE: env.boolean({ default: true }),
  READ_CACHE_MAX_MB: env.integer({ default: 64, min: 1, max: 4096 }),
  /** A bound on any entry's age, should a change ever go unannounced. */
  READ_CACHE_TTL_MS: env.integer({ default: 60_000, min: 1000, max: 3_600_000 }),
  /** How long a CDN may serve a published read (`s-maxage`, docs/gateway.md "Caching and CDNs"). */
  CDN_MAX_AGE_SECONDS: env.integer({ default: 300, min: 0, max: 31_536_000 }),
  /** How long past that a CDN may serve it while it revalidates (`stale-while-revalidate`). */
  CDN_STALE_SECONDS: env.integer({ default: 60, min: 0, max: 31_536_000 }),
  /** Largest media upload (docs/media.md); keep it equal to the content service's. */
  MEDIA_MAX_BYTES: env.integer({ default: 50 * 1024 * 1024, min: 1024, max: 4 * 1024 ** 3 }),
  /** Image transform requests one client address may make per minute on asset URLs. */
  MEDIA_TRANSFORMS_PER_MINUTE: env.integer({ default: 600, min: 1, max: 1_000_000 }),
  /** Records one purge batch removes per collection (docs/lifecycle.md). */
  PURGE_BATCH_SIZE: env.integer({ default: 500, min: 1, max: 10_000 }),
  /** Off: this instance records purges but leaves working through them to the others. */
  PURGE_WORKER: env.boolean({ default: true }),
  /** How often expired idempotency keys are deleted (FerretDB has no TTL index). */
  IDEMPOTENCY_SWEEP_INTERVAL_MS: env.integer({ default: 600_000, min: 100, max: 86_400_000 }),
  KEY_USAGE_FLUSH_MS: env.integer({ default: 60_000, min: 100, max: 3_600_000 }),
  /** RabbitMQ, where each instance hears every website's changes for `/api/changes`; unset: 503. */
  AMQP_URL: env.optionalString(),
  /** A comment line on every open change stream this often (docs/sync.md, "Live changes"). */
  CHANGE_STREAM_HEARTBEAT_MS: env.integer({ default: 15_000, min: 100, max: 300_000 }),
  /** Change streams one website may hold open at once, over every gateway instance. */
  CHANGE_STREAMS_PER_WEBSITE: env.integer({ default: 100, min: 0, max: 100_000 }),
  /** GraphQL's limits (docs/graphql.md, "Limits"): the query text in bytes, refused unparsed. */
  GRAPHQL_MAX_QUERY_BYTES: env.integer({ default: 20_480, min: 256, max: 1_048_576 }),
  /** Field nesting, fragments followed; introspection's own fields are bounded by graphql-js. */
  GRAPHQL_MAX_DEPTH: env.integer({ default: 10, min: 2, max: 100 }),
  /** Each field 1 plus its selection, times its page size (or the default page size for a list). */
  GRAPHQL_MAX_COST: env.integer({ default: 10_000, min: 10, max: 10_000_000 }),
  /** `__schema` and `__type` answered; the production profiles switch it off. */
  GRAPHQL_INTROSPECTION: env.boolean({ default: true }),
  /** Lifetime of a persisted query in Redis, renewed by each use (docs/graphql.md). */
  GRAPHQL_PERSISTED_QUERY_TTL_SECONDS: env.integer({ default: 604_800, min: 60, max: 31_536_000 }),
  /** Purgers fed from the broker's changes (docs/cdn.md, "Purges"). */
  ...cdnPurgeConfigSpec,
}

export type GatewayConfig = ConfigOf<typeof gatewayConfigSpec>

export function readGatewayConfig(source?: Record<string, string | undefined>): GatewayConfig {
  return readConfig(gatewayConfigSpec, source)
}
