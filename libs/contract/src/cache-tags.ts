/**
 * The cache tags of answers and of changes (docs/gateway.md, "Caching and CDNs"): an answer names
 * what it shows, a change names what it affects, and a cache drops every answer that shares a tag
 * with the change. Tags hold no space or comma, so both header forms can carry them.
 */
export const cacheTags = {
  /** Every answer of the website (website deleted or purged, locales changed). */
  website: (websiteId: string): string => `w-${websiteId}`,
  /** Every answer showing documents of the type, or the type itself. */
  type: (websiteId: string, type: string): string => `t-${websiteId}-${type}`,
  /** Lists of the type: any change of one of its documents may change their members or order. */
  list: (websiteId: string, type: string): string => `l-${websiteId}-${type}`,
  /** Any answer showing the document: main document, list item or populated relation. */
  document: (documentId: string): string => `d-${documentId}`,
  /** Any answer showing the media file (a media field, populated, the media API). */
  media: (mediaId: string): string => `m-${mediaId}`,
  /** Media lists of the website. */
  mediaList: (websiteId: string): string => `ml-${websiteId}`,
  /**
   * Every answer a shared cache keeps for one key (its cache key is the key): purged when the key
   * is revoked or rotated, so a cache stops serving it what it no longer may read.
   */
  key: (keyId: string): string => `k-${keyId}`,
}

/** What an entry event (`EntryEventMessage` of @cms/events) says its tags with. */
export interface TaggedEntryEvent {
  websiteId: string
  contentType: string
  document: { id: string }
}

/** What a content type change (`ContentTypeChangedMessage` of @cms/events) says its tags with. */
export interface TaggedTypeChange {
  websiteId: string
  name: string
  /** 1: the type was created; null: deleted. */
  version?: number | null
  locales?: true
  component?: true
}

/** A document changed (any entry event): answers showing it, and the lists of its type. */
export const tagsOfEntryEvent = (message: TaggedEntryEvent): string[] => [
  cacheTags.document(message.document.id),
  cacheTags.list(message.websiteId, message.contentType),
]

/**
 * A type's definition changed or it was deleted: answers of that type. Locales, and a component
 * (whose using types the message does not name), change what any answer of the website shows;
 * so does a new type, whose documents lists that name no type will show.
 */
export function tagsOfTypeChange(message: TaggedTypeChange): string[] {
  if (message.locales || message.component || message.name === '' || message.version === 1)
    return [cacheTags.website(message.websiteId)]
  return [cacheTags.type(message.websiteId, message.name)]
}

/** A media file was uploaded, changed or deleted: answers showing it, and media lists. */
export const tagsOfMediaChange = (websiteId: string, mediaId: string): string[] => [
  cacheTags.media(mediaId),
  cacheTags.mediaList(websiteId),
]

/** `Surrogate-Key` (Fastly, Varnish xkey): tags separated by one space. */
export const surrogateKeyOf = (tags: Iterable<string>): string => [...tags].join(' ')

/** `Cache-Tag` (Cloudflare): tags separated by commas. */
export const cacheTagOf = (tags: Iterable<string>): string => [...tags].join(',')

/** The tags of a `Surrogate-Key` or `Cache-Tag` header, in either form. */
export const tagsOfHeader = (header: string): string[] =>
  header.split(/[\s,]+/).filter((tag) => tag !== '')

/**
 * The longest tag header an answer sends: under Varnish's default response header line (8 KiB)
 * and the 16 KiB that Fastly, Cloudflare and the gateway's upstream client read.
 */
export const MAX_TAG_HEADER_LENGTH = 7000

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
