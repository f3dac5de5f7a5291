import type { Context } from 'koa'
import { printSchema } from 'graphql'
import { ForbiddenError } from '@cms/errors'
import type { CallOperation, RequestCaller } from './operation-caller.ts'
import { requestCallerOf } from './request-caller.ts'
import type { QuotasOf } from './request-caller.ts'
import type { SchemaCache } from './schema-cache.ts'
import { readWebsiteModel } from './website-model.ts'

/**
 * `GET /api/graphql/schema.graphql`: the caller's schema (the one its queries are validated
 * against) as SDL, for code generators; refused while introspection is switched off, since it
 * tells what introspection would.
 */
export function schemaDownload(deps: {
  schemas: SchemaCache
  callerOf: (caller: RequestCaller) => CallOperation
  quotasOf?: QuotasOf
  introspection: boolean
}): (ctx: Context) => Promise<void> {
  return async function serveSchemaDownload(ctx) {
    if (!deps.introspection)
      throw new ForbiddenError(
        'Introspection is switched off on this server, and the GraphQL schema with it',
      )
    const caller = await requestCallerOf(ctx, deps.quotasOf)
    const { schema } = await deps.schemas.schemaFor(
      caller.caller.websiteId,
      caller.permissions,
      () => readWebsiteModel(deps.callerOf(caller)),
    )
    ctx.set('Cache-Control', 'private, no-cache')
    ctx.type = 'text/plain; charset=utf-8'
    ctx.body = `${printSchema(schema)}\n`
  }
}
