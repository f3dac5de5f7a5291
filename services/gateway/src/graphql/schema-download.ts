import type { Context } from 'koa'
import { printSchema } from 'graphql'
import { ForbiddenError } from '@cms/errors'
import type { CallOperation, RequestCaller } from './operation-caller.ts'
import { requestCallerOf } from './request-caller.ts'
import type { QuotasOf } from './request-caller.ts'
import type { SchemaCache } from './schema-cache.ts'
import { readWebsiteModel } from './website-model.ts'

export interface SchemaSdlDeps {
  schemas: SchemaCache
  callerOf: (caller: RequestCaller) => CallOperation
}

/** The SDL of the schema `caller`'s queries are validated against. */
export type SchemaSdlOf = (caller: RequestCaller) => Promise<string>

export function schemaSdl(deps: SchemaSdlDeps): SchemaSdlOf {
  return async function sdlOf(caller) {
    const { schema } = await deps.schemas.schemaFor(
      caller.caller.websiteId,
      caller.permissions,
      () => readWebsiteModel(deps.callerOf(caller)),
    )
    return `${printSchema(schema)}\n`
  }
}

/** Serves an SDL as the schema download (and the admin API's view of it) answer it. */
export function sendSdl(ctx: Context, sdl: string): void {
  ctx.set('Cache-Control', 'private, no-cache')
  ctx.type = 'text/plain; charset=utf-8'
  ctx.body = sdl
}

/**
 * `GET /api/graphql/schema.graphql`: the caller's schema (the one its queries are validated
 * against) as SDL, for code generators; refused while introspection is switched off, since it
 * tells what introspection would.
 */
export function schemaDownload(deps: {
  sdlOf: SchemaSdlOf
  quotasOf?: QuotasOf
  introspection: boolean
}): (ctx: Context) => Promise<void> {
  return async function serveSchemaDownload(ctx) {
    if (!deps.introspection)
      throw new ForbiddenError(
        'Introspection is switched off on this server, and the GraphQL schema with it',
      )
    sendSdl(ctx, await deps.sdlOf(await requestCallerOf(ctx, deps.quotasOf)))
  }
}
