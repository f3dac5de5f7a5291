import { CONTENT_TYPE_MEMBERS, isPlainObject } from '@cms/content-model'
import type { ContentType, ContentTypeDefinition } from '@cms/content-model'
import { ValidationError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import type { CheckedContentType } from './content-type-definition.ts'

export function definitionOf(type: ContentType): ContentTypeDefinition {
  const definition: Record<string, unknown> = {}
  for (const member of CONTENT_TYPE_MEMBERS) {
    if (type[member] !== undefined) definition[member] = type[member]
  }
  return definition as ContentTypeDefinition
}

/** How a PATCH of one kind of definition is judged. */
export interface PatchRules {
  /** The whole merged definition's check. */
  check(input: unknown): CheckedContentType
  /** The 422's message of a refused change. */
  invalid: string
  /** What the website's other definitions say of the merged fields (targets, components). */
  referenceProblems?: (fields: unknown) => ErrorDetail[]
}

/**
 * PATCH semantics (contract section 3): each top-level member sent replaces the current one
 * (`fields` as a whole, `null` unsets it), the name cannot change, and the result must be a
 * valid definition whose references (`rules.referenceProblems`) hold. All problems, the patch's
 * and the result's, come back in one 422.
 */
export function patchDefinition(
  current: ContentType,
  patch: unknown,
  rules: PatchRules,
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
  const checked = rules.check(merged)
  problems.push(...firstPerPath(checked.problems, rules.referenceProblems?.(merged.fields) ?? []))
  if (problems.length > 0 || !checked.definition) {
    throw new ValidationError(rules.invalid, problems)
  }
  return checked.definition
}

/** The definition check's problems, then those of references at paths it did not name. */
export function firstPerPath(
  problems: readonly ErrorDetail[],
  references: readonly ErrorDetail[],
): ErrorDetail[] {
  const named = new Set(problems.map((problem) => problem.path))
  return [...problems, ...references.filter((problem) => !named.has(problem.path))]
}
