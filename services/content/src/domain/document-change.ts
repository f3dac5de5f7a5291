import type { AuditRecord } from '@cms/audit'
import type { Caller } from '@cms/http'
import type { ChangeRequest } from '../document/change-request.ts'
import { isDocumentId } from '@cms/content-model'
import { documentNotFound } from './document-access.ts'
import { preconditionOf } from './if-match.ts'
import { callTypes } from './visible-types.ts'

/** What every change of one document is asked with. */
export interface DocumentChangeInput {
  caller: Caller
  id: string
  /** `If-Match` as sent. */
  ifMatch?: string
  /** The request's write key (`writeKeyOf`): a retry of a committed change is recognized by it. */
  writeKey?: string
  /** The change's audit record (none with `AUDIT_LOG=off`). */
  audit?: AuditRecord | undefined
}

/** A change of the caller's document `id` for the store; a malformed id is 404 before any read. */
export function changeOf(input: DocumentChangeInput, plan: ChangeRequest['plan']): ChangeRequest {
  if (!isDocumentId(input.id)) throw documentNotFound(input.id)
  const types = callTypes(input.caller)
  return {
    websiteId: input.caller.websiteId,
    documentId: input.id,
    changedBy: input.caller.keyId,
    ...(input.audit && { audit: input.audit }),
    ...(types === undefined ? {} : { types }),
    precondition: preconditionOf(input.ifMatch),
    ...(input.writeKey === undefined ? {} : { writeKey: input.writeKey }),
    plan,
  }
}
