import { Router } from '@koa/router'
import type { Context } from 'koa'
import { PUBLIC_IO, PUBLIC_OPERATIONS } from '@cms/contract'
import { mountEndpoints } from '@cms/http'

/**
 * `GET` and `POST /api/graphql`, after the API pipeline authenticated and authorized the call;
 * the request is read by the GraphQL over HTTP handler itself, as the specification says.
 */
export function graphqlRouter(deps: {
  serve: (ctx: Context) => Promise<void>
  /** `GET /api/graphql/schema.graphql` (schema-download.ts). */
  schema: (ctx: Context) => Promise<void>
}): Router {
  const serve = (ctx: Context) => deps.serve(ctx)
  return mountEndpoints(
    new Router(),
    PUBLIC_OPERATIONS,
    { graphqlQuery: serve, graphql: serve, graphqlSchema: (ctx: Context) => deps.schema(ctx) },
    { io: PUBLIC_IO, checkedLater: ['graphqlQuery', 'graphql'] },
  )
}
