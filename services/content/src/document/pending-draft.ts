import type { ContentType } from '@cms/content-model'
import { ConflictError, ValidationError } from '@cms/errors'
import type { DocumentData } from './document.ts'

/**
 * `data` without values of fields the type no longer declares: a removed field never blocks a
 * write, and the next write of the document drops its value.
 */
export function declaredOnly(type: Pick<ContentType, 'fields'>, data: DocumentData): DocumentData {
  const declared = new Set(type.fields.map((field) => field.name))
  return Object.fromEntries(Object.entries(data).filter(([name]) => declared.has(name)))
}

/** A live change while a pending draft waits would drop it unseen. */
export const pendingDraftConflict = (id: string): ConflictError =>
  new ConflictError(
    `Document ${id} has a pending draft; publish or discard it first, or send discardDraft=true to drop it with this change`,
  )

export const slugInPendingDraft = (): ValidationError =>
  ValidationError.single(
    'slug',
    'a pending draft changes data only; change the slug without draft=true',
  )

/**
 * A projection for readers with draft access: each projected `data` path is read from the
 * pending draft too (and, when fields are picked, whether there is one at all).
 */
export function withPendingDraftPaths(
  projection: Record<string, 0 | 1> | undefined,
): Record<string, 0 | 1> | undefined {
  if (!projection) return undefined
  const widened = { ...projection }
  for (const [path, value] of Object.entries(projection)) {
    if (path === 'data' || path.startsWith('data.')) widened[`pendingDraft.${path}`] = value
  }
  if (projection._id === 1) widened['pendingDraft.updatedAt'] = 1
  return widened
}
