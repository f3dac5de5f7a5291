import type { Middleware } from 'koa'
import type { Upstream } from '@cms/contract'
import type { Logger } from '@cms/logger'
import type { BrokerChanges } from '../broker/broker-changes.ts'
import { graphqlEndpoint } from './endpoint.ts'
import { graphqlRouter } from './graphql-routes.ts'
import { schemaDownload, schemaSdl } from './schema-download.ts'
import type { EndpointHooks } from './endpoint.ts'
import { operationCaller } from './operation-caller.ts'
import type { CachedFetch } from '../read-cache/cached-reads.ts'
import { createSchemaCache } from './schema-cache.ts'
import { listenForTypeChanges } from './type-changes.ts'
import { routed } from '@cms/http'
import type { Caller } from '@cms/http'

/** Schemas kept at once over all websites and permission sets. */
const MAX_SCHEMAS = 500
/** The largest GraphQL request body, as for the rest of the API. */
const BODY_LIMIT_BYTES = 1024 * 1024

/** `/api/graphql` (docs/graphql.md): the endpoint, its schema cache and the type changes. */
export function createGraphqlModule(deps: {
  config: {
    INTERNAL_TOKEN: string
    UPSTREAM_TIMEOUT_MS: number
    GRAPHQL_INTROSPECTION: boolean
  }
  upstreamUrls: Readonly<Record<Upstream, string>>
  quotas?: { quotasOf(websiteId: string): Promise<NonNullable<Caller['quotas']>> }
  contentChanged: (websiteId: string) => Promise<void>
  /** Published reads through the gateway's read cache (without it, every read asks the service). */
  cachedFetch?: CachedFetch
  /** Type changes drop cached schemas; without it each request's check still holds. */
  brokerChanges: BrokerChanges | undefined
  logger: Logger
  hooks?: EndpointHooks
}) {
  const { config, logger } = deps
  const schemas = createSchemaCache({ maxEntries: MAX_SCHEMAS })
  const callerOf = operationCaller({
    urls: deps.upstreamUrls,
    internalToken: config.INTERNAL_TOKEN,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    ...(deps.cachedFetch && { cachedFetch: deps.cachedFetch }),
  })
  if (deps.brokerChanges)
    listenForTypeChanges(deps.brokerChanges, {
      onChange: (websiteId) => schemas.forget(websiteId),
      onReconnected: () => schemas.forgetAll(),
    })
  const sdlOf = schemaSdl({ schemas, callerOf })
  return {
    /** The SDL of a caller's schema, for the admin API's view of it. */
    sdlOf,
    routes: routed(
      graphqlRouter({
        serve: graphqlEndpoint({
          ...deps.hooks,
          schemas,
          callerOf,
          contentChanged: deps.contentChanged,
          ...(deps.quotas && { quotasOf: (websiteId: string) => deps.quotas!.quotasOf(websiteId) }),
          bodyLimitBytes: BODY_LIMIT_BYTES,
          logger,
        }),
        schema: schemaDownload({
          sdlOf,
          ...(deps.quotas && { quotasOf: (websiteId: string) => deps.quotas!.quotasOf(websiteId) }),
          introspection: config.GRAPHQL_INTROSPECTION,
        }),
      }),
    ) as Middleware,
  }
}
