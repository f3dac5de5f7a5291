import { cacheTags, tagsOfMediaChange, tagsOfTypeChange } from '@cms/contract'
import type { PublicOperationId } from '@cms/contract'
import { anyListOf } from './response-store.ts'

/** What the gateway knows of a write once the service answered it. */
export interface WriteOutcome {
  websiteId: string
  operationId: PublicOperationId
  params: Readonly<Record<string, string>>
  /** The answer's body, parsed; undefined when it had none or it was not JSON. */
  answer: { id?: unknown; type?: unknown; name?: unknown } | undefined
}

const DOCUMENT_CHANGES = new Set<PublicOperationId>([
  'createDocument',
  'updateDocument',
  'discardDraft',
  'publishDocument',
  'unpublishDocument',
  'restoreVersion',
  'deleteDocument',
])

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined

/**
 * The cache tags a write through this instance changes, so that its own cached reads are dropped
 * before the client hears the answer (the services' events then name the same on every
 * instance). Where the answer does not say the document's type (a delete's 204), every list of
 * the website; a write that names nothing more precise, the whole website.
 */
export function tagsOfWrite(write: WriteOutcome): string[] {
  const { websiteId, operationId, params, answer } = write
  const website = [cacheTags.website(websiteId)]
  if (DOCUMENT_CHANGES.has(operationId)) {
    const id = text(answer?.id) ?? text(params.id)
    const type = text(answer?.type)
    const lists = type ? cacheTags.list(websiteId, type) : anyListOf(websiteId)
    return id ? [cacheTags.document(id), lists] : [lists]
  }
  if (
    operationId === 'uploadMedia' ||
    operationId === 'updateMedia' ||
    operationId === 'deleteMedia'
  ) {
    const id = text(answer?.id) ?? text(params.id)
    return id ? tagsOfMediaChange(websiteId, id) : [cacheTags.mediaList(websiteId)]
  }
  if (operationId === 'updateContentType' || operationId === 'deleteContentType') {
    const name = text(params.name)
    return name ? tagsOfTypeChange({ websiteId, name }) : website
  }
  return website
}
