import type { ErrorObject } from 'ajv'
import { memberPath } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import type { ContentType, FieldDefinition } from './content-type.ts'
import { expectedValue, NOT_EMPTY_KEYWORD, STORABLE_KEYWORD } from './data-schema.ts'

function decodePointerSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~')
}

function messageFor(error: ErrorObject, field: FieldDefinition): string {
  const params = error.params as { limit?: number }
  switch (error.keyword) {
    case NOT_EMPTY_KEYWORD:
      return 'is required and must not be empty'
    case STORABLE_KEYWORD:
      return error.message ?? 'cannot be stored'
    case 'maxLength':
      return `must be at most ${params.limit} characters`
    case 'minimum':
      return `must be at least ${params.limit}`
    case 'maximum':
      return `must be at most ${params.limit}`
    default:
      return `must be ${expectedValue(field)}`
  }
}

function detailFor(
  error: ErrorObject,
  contentType: Pick<ContentType, 'name' | 'fields'>,
): ErrorDetail {
  const params = error.params as { missingProperty?: string; additionalProperty?: string }
  if (error.instancePath === '') {
    if (error.keyword === 'required') {
      return { path: memberPath('data', params.missingProperty ?? ''), message: 'is required' }
    }
    if (error.keyword === 'additionalProperties') {
      return {
        path: memberPath('data', params.additionalProperty ?? ''),
        message: `is not a field of content type ${contentType.name}`,
      }
    }
    return { path: 'data', message: 'must be an object' }
  }
  const name = decodePointerSegment(error.instancePath.split('/')[1] ?? '')
  const path = memberPath('data', name)
  const field = contentType.fields.find((candidate) => candidate.name === name)
  return { path, message: field ? messageFor(error, field) : 'is invalid' }
}

/** ajv's errors as the contract's details: one per path (the first problem found there). */
export function dataErrorDetails(
  errors: readonly ErrorObject[],
  contentType: Pick<ContentType, 'name' | 'fields'>,
): ErrorDetail[] {
  const byPath = new Map<string, ErrorDetail>()
  for (const error of errors) {
    const detail = detailFor(error, contentType)
    if (!byPath.has(detail.path)) byPath.set(detail.path, detail)
  }
  return [...byPath.values()]
}
