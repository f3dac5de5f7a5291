import type { Redis } from 'ioredis'
import type { Logger } from 'pino'
import type { EndpointHooks } from '../endpoint.ts'
import { createPersistedQueries, queryTextStep } from '../persisted-queries.ts'
import { configuredLimits, limitRules } from './graphql-limits.ts'
import type { GraphqlLimits } from './graphql-limits.ts'
import { assertQuerySize } from './query-size.ts'

/**
 * What the GraphQL endpoint is given to hold its limits and serve persisted queries: the limits'
 * validation rules for each request, and the step that resolves and measures its query text.
 */
export function limitHooks(deps: {
  config: Parameters<typeof configuredLimits>[0] & {
    GRAPHQL_PERSISTED_QUERY_TTL_SECONDS: number
    REDIS_PREFIX: string
  }
  redis: Redis
  logger: Pick<Logger, 'warn'>
}): Required<EndpointHooks> & { limits: GraphqlLimits } {
  const limits = configuredLimits(deps.config)
  const persisted = createPersistedQueries({
    redis: deps.redis,
    prefix: deps.config.REDIS_PREFIX,
    ttlSeconds: deps.config.GRAPHQL_PERSISTED_QUERY_TTL_SECONDS,
    logger: deps.logger,
    assertSize: (query) => assertQuerySize(query, limits.maxQueryBytes),
  })
  return {
    limits,
    validationRules: (_req, variables) => limitRules(limits, variables),
    resolveQueryText: queryTextStep(persisted, (req) => req.context.websiteId),
  }
}
