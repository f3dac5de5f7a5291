import type { Context } from 'koa'
import { cacheTags, surrogateKeyOf } from '@cms/contract'

/**
 * The longest tag header an answer sends: under Varnish's default response header line (8 KiB)
 * and the 16 KiB that Fastly, Cloudflare and the gateway's upstream client read.
 */
export const MAX_TAG_HEADER_LENGTH = 7000

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

/**
 * Tags that fit the header: past its length, each document and media tag gives way to the list
 * tag that every change of it also names (the lists of each type shown, the media lists), so the
 * answer is dropped by more changes than it shows, never by fewer.
 */
export function boundedTags(websiteId: string, tags: ReadonlySet<string>): Set<string> {
  if (surrogateKeyOf(tags).length <= MAX_TAG_HEADER_LENGTH) return new Set(tags)
  const typePrefix = cacheTags.type(websiteId, '')
  const coarse = new Set<string>()
  for (const tag of tags) {
    if (tag.startsWith(cacheTags.document(''))) continue
    if (tag.startsWith(cacheTags.media(''))) {
      coarse.add(cacheTags.mediaList(websiteId))
      continue
    }
    coarse.add(tag)
    if (tag.startsWith(typePrefix))
      coarse.add(cacheTags.list(websiteId, tag.slice(typePrefix.length)))
  }
  return coarse
}

/** A read answer names what it shows in `Surrogate-Key`; the gateway adds the other forms. */
export function tagAnswer(ctx: Context, tags: Iterable<string>): void {
  const { websiteId } = ctx.state.caller as { websiteId: string }
  ctx.set('Surrogate-Key', surrogateKeyOf(boundedTags(websiteId, new Set(tags))))
}
