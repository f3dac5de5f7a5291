import { indexPath } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import type { ContentType } from './content-type.ts'
import { isPlainObject } from './plain-object.ts'
import { fieldFromInput, fieldRuleProblems, isSet } from './validate-field-definition.ts'
import type { FieldDefinitionInput, Settable } from './validate-field-definition.ts'

/** What a client may send: everything of a content type that the service does not set itself. */
export const CONTENT_TYPE_MEMBERS = [
  'name',
  'label',
  'description',
  'slugField',
  'titleField',
  'icon',
  'localized',
  'fields',
] as const
export type ContentTypeMember = (typeof CONTENT_TYPE_MEMBERS)[number]

export { MAX_FIELDS } from '@cms/contract'

/** The part of a content type a client writes; the service adds id, version and timestamps. */
export type ContentTypeDefinition = Pick<ContentType, ContentTypeMember>

/** A definition as the request schema (@cms/contract) admits it; null means "not set". */
export type ContentTypeDefinitionInput = Pick<ContentTypeDefinition, 'name'> &
  Settable<Omit<ContentTypeDefinition, 'name' | 'fields'>> & {
    fields?: FieldDefinitionInput[] | null
  }

/** Field types whose values can name a document (slug and title). */
export const TITLE_FIELD_TYPES: readonly string[] = ['text', 'textarea']

function duplicateNameProblems(fields: readonly unknown[]): ErrorDetail[] {
  const problems: ErrorDetail[] = []
  const firstIndexOf = new Map<string, number>()
  for (const [index, element] of fields.entries()) {
    const name = isPlainObject(element) ? element.name : undefined
    if (typeof name !== 'string') continue
    const first = firstIndexOf.get(name)
    if (first === undefined) firstIndexOf.set(name, index)
    else
      problems.push({
        path: `${indexPath('fields', index)}.name`,
        message: `duplicates ${indexPath('fields', first)}.name`,
      })
  }
  return problems
}

/** slugField / titleField: when set, the name of a text or textarea field of the same type. */
function titleFieldProblem(value: string, fields: readonly unknown[]): string | undefined {
  const field = fields.filter(isPlainObject).find((candidate) => candidate.name === value)
  if (!field) {
    return `must name a field of this content type; there is no field ${JSON.stringify(
      value.slice(0, 100),
    )}`
  }
  if (typeof field.type === 'string' && !TITLE_FIELD_TYPES.includes(field.type)) {
    return `must name a text or textarea field; ${value} is of type ${field.type}`
  }
  return undefined
}

/** `localized: true` on a field only means something in a localized type. */
const localizedFieldProblems = (fields: readonly unknown[]): ErrorDetail[] =>
  fields.flatMap((field, index) =>
    isPlainObject(field) && field.localized === true
      ? [
          {
            path: `${indexPath('fields', index)}.localized`,
            message: 'can be true only in a content type with localized: true',
          },
        ]
      : [],
  )

/**
 * What the request schema cannot say of a definition: each field's options for its type, unique
 * field names, localized fields only in a localized type, and slugField / titleField naming a
 * text field. It runs on the body as sent, beside the schema, so that one 422 lists every
 * problem; parts of the wrong shape are the schema's to report and are skipped here.
 */
export function contentTypeRuleProblems(input: unknown): ErrorDetail[] {
  if (!isPlainObject(input)) return []
  const fields = Array.isArray(input.fields) ? input.fields : []
  const problems = [
    ...fields.flatMap((field, index) => fieldRuleProblems(field, indexPath('fields', index))),
    ...duplicateNameProblems(fields),
    ...(input.localized === true ? [] : localizedFieldProblems(fields)),
  ]
  for (const member of ['slugField', 'titleField'] as const) {
    const value = input[member]
    const problem = typeof value === 'string' ? titleFieldProblem(value, fields) : undefined
    if (problem) problems.push({ path: member, message: problem })
  }
  return problems
}

/** An accepted definition with its defaults: label = name, fields = [], null members unset. */
export function definitionFromInput(input: ContentTypeDefinitionInput): ContentTypeDefinition {
  const definition: ContentTypeDefinition = {
    name: input.name,
    label: input.label ?? input.name,
    fields: (input.fields ?? []).map(fieldFromInput),
  }
  for (const member of ['description', 'slugField', 'titleField', 'icon'] as const) {
    const value = input[member]
    if (isSet(value)) definition[member] = value!
  }
  if (input.localized === true) definition.localized = true
  return definition
}
