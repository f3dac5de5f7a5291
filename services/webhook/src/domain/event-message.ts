import { ENTRY_EVENTS } from '@cms/events'
import type { WebhookEventMessage } from '@cms/events'

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A release's event: its release and the documents it changed (docs/releases.md). */
function releaseProblem(value: Record<string, unknown>): string | undefined {
  const { release, documents } = value
  if (!isObject(release) || !isText(release.id)) return 'release.id is missing'
  const listed =
    Array.isArray(documents) &&
    documents.every(
      (document) => isObject(document) && isText(document.id) && isText(document.type),
    )
  return listed ? undefined : 'documents are missing'
}

/** The entry (or release) event in a broker message, or the reason it is not one. */
export function parseEntryEvent(
  raw: Buffer,
): { message: WebhookEventMessage } | { problem: string } {
  let value: unknown
  try {
    value = JSON.parse(raw.toString('utf8'))
  } catch {
    return { problem: 'the message is not JSON' }
  }
  if (!isObject(value)) return { problem: 'the message is not an object' }
  const { eventId, event, timestamp, websiteId, contentType, document } = value
  if (!isText(eventId)) return { problem: 'eventId is missing' }
  if (!isText(timestamp)) return { problem: 'timestamp is missing' }
  if (!isText(websiteId)) return { problem: 'websiteId is missing' }
  if (event === 'release.publish') {
    const problem = releaseProblem(value)
    return problem ? { problem } : { message: value as unknown as WebhookEventMessage }
  }
  if (!(ENTRY_EVENTS as readonly unknown[]).includes(event))
    return { problem: `unknown event ${String(event)}` }
  if (!isText(contentType)) return { problem: 'contentType is missing' }
  if (!isObject(document) || !isText(document.id)) return { problem: 'document.id is missing' }
  return { message: value as unknown as WebhookEventMessage }
}
