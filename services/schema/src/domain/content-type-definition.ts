import { ComponentCreateBody, ContentTypeCreateBody, PUBLIC_IO } from '@cms/contract'
import { bodyProblems } from '@cms/contract/validation'
import { contentTypeRuleProblems, definitionFromInput, isPlainObject } from '@cms/content-model'
import type { ContentTypeDefinition } from '@cms/content-model'
import { indexPath, ValidationError } from '@cms/errors'
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
function checkDefinition(
  schema: TSchema,
  input: unknown,
  kindProblems: (input: unknown) => ErrorDetail[] = () => [],
): CheckedContentType {
  const byPath = new Map<string, ErrorDetail>()
  const found = [
    ...bodyProblems(schema, input),
    ...contentTypeRuleProblems(input),
    ...kindProblems(input),
  ]
  for (const problem of found) if (!byPath.has(problem.path)) byPath.set(problem.path, problem)
  const problems = [...byPath.values()]
  if (problems.length > 0) return { definition: undefined, problems }
  return { definition: definitionFromInput(input as ContentTypeCreateBody), problems }
}

/** A content type's definition as `POST /api/content-types` takes it. */
export const checkContentTypeDefinition = (input: unknown): CheckedContentType =>
  checkDefinition(ContentTypeCreateBody, input)

/**
 * `unique` is claimed per document and top-level field; inside a component (possibly repeated,
 * possibly in several blocks of one document) it would have nothing to claim against, so it
 * is refused rather than silently ignored.
 */
function uniqueInComponentProblems(input: unknown): ErrorDetail[] {
  const fields = isPlainObject(input) && Array.isArray(input.fields) ? input.fields : []
  return fields.flatMap((field, index) =>
    isPlainObject(field) && field.unique === true
      ? [
          {
            path: `${indexPath('fields', index)}.unique`,
            message:
              "is not allowed in a component's fields: unique values are enforced on a content type's own fields",
          },
        ]
      : [],
  )
}

/**
 * A component's definition as `POST /api/components` takes it: a type's members less
 * slugField, titleField and localized, under the same rules, and no `unique` fields.
 */
export const checkComponentDefinition = (input: unknown): CheckedContentType =>
  checkDefinition(ComponentCreateBody, input, uniqueInComponentProblems)

/** The definition with defaults filled in, or a ValidationError listing every problem. */
export function parseContentTypeDefinition(input: unknown): ContentTypeDefinition {
  const { definition, problems } = checkContentTypeDefinition(input)
  if (!definition) throw new ValidationError(PUBLIC_IO.createContentType.input.invalid, problems)
  return definition
}
