import type { Context, Middleware } from 'koa'
import { bufferedBody } from './buffered-body.ts'
import { contentChangeOf } from './cacheable-read.ts'
import type { ChangeChannel } from './change-channel.ts'
import { tagsOfWrite } from './write-tags.ts'
import type { WriteOutcome } from './write-tags.ts'

type Answer = WriteOutcome['answer']

async function answerOf(ctx: Context): Promise<Answer> {
  const body = await bufferedBody(ctx)
  if (!body || body.length === 0) return undefined
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'))
    return typeof parsed === 'object' && parsed !== null ? (parsed as Answer) : undefined
  } catch {
    return undefined
  }
}

/**
 * After a write, the cached reads showing what it changed are dropped here before the client
 * hears the answer, and on every other instance through the channel: a read sent after the
 * answer never sees the old content on this instance. A write whose outcome is unknown (the
 * service failed or timed out) counts as a change; a refused one (4xx) changes nothing, nor does
 * a create or edit that answers with a draft.
 */
export function invalidateOnWrite(deps: { channel: ChangeChannel }): Middleware {
  return async function invalidateOnWriteMiddleware(ctx, next) {
    const change = contentChangeOf(ctx)
    if (!change) return next()
    const route = ctx.state.apiRoute!
    const websiteId = ctx.state.apiKey!.websiteId
    let answer: Answer
    let changed = true
    try {
      await next()
      if (ctx.status >= 400 && ctx.status < 500) changed = false
      else if (ctx.status < 300) answer = await answerOf(ctx)
      if (change !== 'other' && (answer as { status?: unknown } | undefined)?.status === 'draft')
        changed = false
    } finally {
      if (changed) {
        const outcome = { websiteId, operationId: route.id, params: route.params, answer }
        await deps.channel.announce(websiteId, tagsOfWrite(outcome))
      }
    }
  }
}
