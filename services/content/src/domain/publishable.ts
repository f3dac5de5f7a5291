import { validatedData } from '@cms/content-model'
import type { ContentType } from '@cms/content-model'
import { AppError, ValidationError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import type { DocumentData } from '../document/document.ts'
import { declaredOnly } from '../document/pending-draft.ts'

/**
 * What keeps `data` from going live under `type` as it is now (a type may have been tightened
 * since the data was saved): the problems a write of it would be refused with, at `data.<field>`.
 * Values of fields the type no longer declares are not problems; they are dropped on reads.
 */
export function publishProblems(type: ContentType, data: DocumentData): ErrorDetail[] {
  try {
    validatedData(type, declaredOnly(type, data))
    return []
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    const details = error.details ?? []
    return details.length > 0 ? [...details] : [{ path: 'data', message: error.message }]
  }
}

/** 422 naming every problem when `data` may not go live under `type` (`publishProblems`). */
export function requirePublishable(type: ContentType, data: DocumentData): void {
  const problems = publishProblems(type, data)
  if (problems.length > 0)
    throw new ValidationError(
      'The document cannot be published: it is not valid for its content type as it is now',
      problems,
    )
}
