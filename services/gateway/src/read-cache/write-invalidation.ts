import type { Context, Middleware } from 'koa'
import { bufferedBody } from './buffered-body.ts'
import { contentChangeOf } from './cacheable-read.ts'
import type { ContentChange } from '@cms/contract'
import type { GenerationChannel } from './generation-channel.ts'

/** Whether published reads may have changed, judged from the service's answer. */
async function mayChangePublished(ctx: Context, change: ContentChange): Promise<boolean> {
  if (ctx.status >= 400 && ctx.status < 500) return false
  if (change === 'other') return true
  const body = await bufferedBody(ctx)
  try {
    return (JSON.parse(body?.toString('utf8') ?? '') as { status?: unknown }).status !== 'draft'
  } catch {
    return true
  }
}

/**
 * After a content or content-type write, the website's cached reads are given up here before
 * the client hears the answer, and on every other instance through the channel: a read sent
 * after the answer never sees the old content on this instance. A write whose outcome is unknown
 * (the service failed or timed out) counts as a change.
 */
export function invalidateOnWrite(deps: { channel: GenerationChannel }): Middleware {
  return async function invalidateOnWriteMiddleware(ctx, next) {
    const change = contentChangeOf(ctx)
    if (!change) return next()
    let changed = true
    try {
      await next()
      changed = await mayChangePublished(ctx, change)
    } finally {
      if (changed) await deps.channel.announce(ctx.state.apiKey!.websiteId)
    }
  }
}
