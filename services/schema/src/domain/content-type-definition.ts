import { ComponentCreateBody, ContentTypeCreateBody, PUBLIC_IO } from '@cms/contract'
import { bodyProblems } from '@cms/contract/validation'
import { contentTypeRuleProblems, definitionFromInput } from '@cms/content-model'
import type { ContentTypeDefinition } from '@cms/content-model'
import { ValidationError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import type { TSchema } from '@sinclair/typebox'

export interface CheckedContentType {
  /** Undefined when there are problems. */
  definition: ContentTypeDefinition | undefined
  problems: ErrorDetail[]
}

/**
 * A whole definition: its shape by the request schema and, beside it, what a schema cannot say
 * (content-model's rules), one problem per path; with defaults filled in when there is none.
 */
function checkDefinition(schema: TSchema, input: unknown): CheckedContentType {
  const byPath = new Map<string, ErrorDetail>()
  for (const problem of [...bodyProblems(schema, input), ...contentTypeRuleProblems(input)])
    if (!byPath.has(problem.path)) byPath.set(problem.path, problem)
  const problems = [...byPath.values()]
  if (problems.length > 0) return { definition: undefined, problems }
  return { definition: definitionFromInput(input as ContentTypeCreateBody), problems }
}

/** A content type's definition as `POST /api/content-types` takes it. */
export const checkContentTypeDefinition = (input: unknown): CheckedContentType =>
  checkDefinition(ContentTypeCreateBody, input)

/**
 * A component's definition as `POST /api/components` takes it: a type's members less
 * slugField, titleField and localized, under the same rules.
 */
export const checkComponentDefinition = (input: unknown): CheckedContentType =>
  checkDefinition(ComponentCreateBody, input)

/** The definition with defaults filled in, or a ValidationError listing every problem. */
export function parseContentTypeDefinition(input: unknown): ContentTypeDefinition {
  const { definition, problems } = checkContentTypeDefinition(input)
  if (!definition) throw new ValidationError(PUBLIC_IO.createContentType.input.invalid, problems)
  return definition
}
