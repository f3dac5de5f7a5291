import { PUBLIC_IO } from '@cms/contract'
import { CONTENT_TYPE_MEMBERS } from '@cms/content-model'
import type { ContentType, ContentTypeDefinition } from '@cms/content-model'
import { ValidationError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import { checkContentTypeDefinition } from './content-type-definition.ts'
import { missingTargetProblems } from './relation-targets.ts'

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export function definitionOf(type: ContentType): ContentTypeDefinition {
  const definition: Record<string, unknown> = {}
  for (const member of CONTENT_TYPE_MEMBERS) {
    if (type[member] !== undefined) definition[member] = type[member]
  }
  return definition as ContentTypeDefinition
}

/**
 * PATCH semantics (contract section 3): each top-level member sent replaces the current one
 * (`fields` as a whole, `null` unsets it), the name cannot change, and the result must be a
 * valid definition. With `typeNames` (the website's types), each relation target of the result
 * must be one of them or the type itself. All problems, the patch's and the result's, come back
 * in one 422.
 */
export function patchContentType(
  current: ContentType,
  patch: unknown,
  typeNames?: readonly string[],
): ContentTypeDefinition {
  if (!isPlainObject(patch)) throw ValidationError.single('', 'must be a JSON object')
  const problems: ErrorDetail[] = []
  if (patch.name !== undefined && patch.name !== current.name) {
    problems.push({ path: 'name', message: `cannot be changed (the name is ${current.name})` })
  }
  const merged: Record<string, unknown> = { ...definitionOf(current) }
  for (const [key, value] of Object.entries(patch)) {
    if (key === 'name') continue
    Object.defineProperty(merged, key, {
      value,
      enumerable: true,
      configurable: true,
      writable: true,
    })
  }
  const checked = checkContentTypeDefinition(merged)
  problems.push(...checked.problems)
  if (typeNames) problems.push(...missingTargetProblems(merged.fields, current.name, typeNames))
  if (problems.length > 0 || !checked.definition) {
    throw new ValidationError(PUBLIC_IO.updateContentType.input.invalid, problems)
  }
  return checked.definition
}
