import type { Context } from 'koa'
import { boundedTags, cacheTags, surrogateKeyOf } from '@cms/contract'

export { boundedTags, MAX_TAG_HEADER_LENGTH } from '@cms/contract'

/** The tags every answer of the website carries, with those of a document shown as the main one. */
export function documentAnswerTags(
  websiteId: string,
  document: { _id: string; type: string },
): Set<string> {
  return new Set([
    cacheTags.website(websiteId),
    cacheTags.type(websiteId, document.type),
    cacheTags.document(document._id),
  ])
}

/** A read answer names what it shows in `Surrogate-Key`; the gateway adds the other forms. */
export function tagAnswer(ctx: Context, tags: Iterable<string>): void {
  const { websiteId } = ctx.state.caller as { websiteId: string }
  ctx.set('Surrogate-Key', surrogateKeyOf(boundedTags(websiteId, new Set(tags))))
}
