import { Router } from '@koa/router'
import type { Context } from 'koa'
import { PUBLIC_IO, PUBLIC_OPERATIONS } from '@cms/contract'
import type { ChangeStreamQuery } from '@cms/contract'
import { mountEndpoints } from '@cms/http'

export type StreamChanges = (ctx: Context, query: ChangeStreamQuery) => Promise<void>

/** `GET /api/changes`, after the API pipeline authenticated and authorized the call. */
export function changesRouter(deps: { streamChanges: StreamChanges }): Router {
  return mountEndpoints(
    new Router(),
    PUBLIC_OPERATIONS,
    { streamChanges: (ctx) => deps.streamChanges(ctx, ctx.state.input.query) },
    { io: PUBLIC_IO },
  )
}
