import { coversType, namedTypes } from '@cms/contract'
import { ForbiddenError } from '@cms/errors'
import type { Caller } from '@cms/http'
import type { Webhook } from './webhook.ts'

/**
 * Who manages webhooks: a website, and the content types the gateway says the call may see
 * (absent or `'*'`: every type). A webhook sees the types of its maker (docs/webhooks.md).
 */
export type WebhookCaller = Pick<Caller, 'websiteId' | 'types'>

export const seesEveryType = (caller: WebhookCaller): boolean =>
  namedTypes(caller.types) === undefined

/** A webhook is the caller's to see when every type it is told of is one the caller may see. */
export function isVisibleTo(
  webhook: Pick<Webhook, 'contentTypes'>,
  caller: WebhookCaller,
): boolean {
  if (seesEveryType(caller)) return true
  return (
    webhook.contentTypes !== null &&
    webhook.contentTypes.every((type) => coversType(caller.types, type))
  )
}

/**
 * The content types a webhook made or changed by `caller` is told of: `null` (every type) from a
 * caller that may not see every type becomes the types it may see; naming another is refused.
 */
export function contentTypesFor(
  requested: readonly string[] | null,
  caller: WebhookCaller,
): string[] | null {
  const types = namedTypes(caller.types)
  if (types === undefined) return requested === null ? null : [...requested]
  if (requested === null) {
    if (types.length === 0)
      throw new ForbiddenError('This webhook needs the read permission on a content type')
    return [...types]
  }
  const unseen = requested.filter((type) => !types.includes(type))
  if (unseen.length > 0)
    throw new ForbiddenError(`This webhook needs the read permission on ${unseen.join(', ')}`, {
      details: unseen.map((type) => ({
        path: 'contentTypes',
        message: `needs the read permission on ${type}`,
      })),
    })
  return [...requested]
}

/**
 * Whether a stored payload may go out again for `caller`: a webhook's log can hold deliveries
 * from before it was narrowed to the caller's types, and their bytes stay with those who may
 * read them. Pings (no content type) always may.
 */
export function payloadVisibleTo(body: string, caller: WebhookCaller): boolean {
  if (seesEveryType(caller)) return true
  const { contentType } = JSON.parse(body) as { contentType?: unknown }
  return typeof contentType !== 'string' || coversType(caller.types, contentType)
}
