import type { Context } from 'koa'
import type { ContentTypes } from '../domain/content-types.ts'

/**
 * Answers a read of one type (or component) with its validator: the website's revision (read before the type,
 * so a type is never labelled newer than it is) and its name. A client that holds the current
 * one gets 304 without the definition being read at all; the ETag is set only on answers that
 * found the type.
 */
export async function answerTypeRead(
  ctx: Context,
  types: Pick<ContentTypes, 'revision'>,
  read: () => Promise<unknown>,
): Promise<void> {
  const etag = `"${await types.revision(ctx.state.caller)}-${ctx.params.name ?? ''}"`
  if (ctx.get('if-none-match') === etag) {
    ctx.status = 304
    ctx.set('ETag', etag)
    return
  }
  ctx.body = await read()
  ctx.set('ETag', etag)
}
