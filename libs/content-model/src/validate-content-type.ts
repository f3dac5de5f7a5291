import { ValidationError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import type { ContentType, FieldDefinition } from './content-type.ts'
import { indexPath, isPlainObject, memberPath } from './detail-path.ts'
import { displayTextProblem, TEXT_LIMITS } from './display-text.ts'
import { CONTENT_TYPE_NAME_PATTERN } from './names.ts'
import { checkFieldDefinition } from './validate-field-definition.ts'

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
export const READ_ONLY_CONTENT_TYPE_MEMBERS = ['id', 'version', 'createdAt', 'updatedAt'] as const

export const MAX_FIELDS = 200

/** The part of a content type a client writes; the service adds id, version and timestamps. */
export type ContentTypeDefinition = Pick<ContentType, ContentTypeMember>

/** Field types whose values can name a document (slug and title). */
export const TITLE_FIELD_TYPES: readonly string[] = ['text', 'textarea']

export interface CheckedContentType {
  /** Undefined when there are problems. */
  definition: ContentTypeDefinition | undefined
  problems: ErrorDetail[]
}

function unknownMemberProblems(input: Record<string, unknown>): ErrorDetail[] {
  const problems: ErrorDetail[] = []
  for (const key of Object.keys(input)) {
    if ((CONTENT_TYPE_MEMBERS as readonly string[]).includes(key)) continue
    const readOnly = (READ_ONLY_CONTENT_TYPE_MEMBERS as readonly string[]).includes(key)
    problems.push({
      path: memberPath('', key),
      message: readOnly
        ? 'is set by the service and cannot be sent'
        : `is not a member of a content type (allowed: ${CONTENT_TYPE_MEMBERS.join(', ')})`,
    })
  }
  return problems
}

function nameProblem(value: unknown): string | undefined {
  if (value === undefined || value === null) return 'is required'
  if (typeof value !== 'string') return 'must be a string'
  if (!CONTENT_TYPE_NAME_PATTERN.test(value)) {
    return `must match ${CONTENT_TYPE_NAME_PATTERN.source}`
  }
  return undefined
}

function checkFields(input: unknown, problems: ErrorDetail[]): FieldDefinition[] | undefined {
  if (input === undefined || input === null) return []
  if (!Array.isArray(input)) {
    problems.push({ path: 'fields', message: 'must be an array of field definitions' })
    return undefined
  }
  if (input.length > MAX_FIELDS) {
    problems.push({ path: 'fields', message: `must have at most ${MAX_FIELDS} fields` })
    return undefined
  }
  const fields: FieldDefinition[] = []
  const firstIndexOf = new Map<string, number>()
  for (const [index, element] of input.entries()) {
    const path = indexPath('fields', index)
    const checked = checkFieldDefinition(element, path)
    problems.push(...checked.problems)
    if (checked.field) fields.push(checked.field)
    const name = isPlainObject(element) ? element.name : undefined
    if (typeof name !== 'string') continue
    const first = firstIndexOf.get(name)
    if (first === undefined) firstIndexOf.set(name, index)
    else {
      problems.push({
        path: `${path}.name`,
        message: `duplicates ${indexPath('fields', first)}.name`,
      })
    }
  }
  return fields
}

/** slugField / titleField: when set, the name of a text or textarea field of the same type. */
function titleFieldProblem(value: unknown, rawFields: unknown): string | undefined {
  if (typeof value !== 'string') return 'must be a string naming a text or textarea field'
  const candidates = Array.isArray(rawFields) ? rawFields.filter(isPlainObject) : []
  const field = candidates.find((candidate) => candidate.name === value)
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

const isSet = (value: unknown): boolean => value !== undefined && value !== null

/** `localized: true` on a field only means something in a localized type. */
function localizedFieldProblems(rawFields: unknown): ErrorDetail[] {
  if (!Array.isArray(rawFields)) return []
  return rawFields.flatMap((field, index) =>
    isPlainObject(field) && field.localized === true
      ? [
          {
            path: `${indexPath('fields', index)}.localized`,
            message: 'can be true only in a content type with localized: true',
          },
        ]
      : [],
  )
}

/**
 * Checks a whole definition and fills in defaults (label = name, fields = []). A `null` member
 * means "not set". Every problem is reported, each with the path of the member at fault.
 */
export function checkContentTypeDefinition(input: unknown): CheckedContentType {
  if (!isPlainObject(input)) {
    return { definition: undefined, problems: [{ path: '', message: 'must be a JSON object' }] }
  }
  const problems = unknownMemberProblems(input)
  const nameIssue = nameProblem(input.name)
  if (nameIssue) problems.push({ path: 'name', message: nameIssue })
  const texts = [
    ['label', { max: TEXT_LIMITS.label }],
    ['description', { max: TEXT_LIMITS.description, allowEmpty: true, multiline: true }],
    ['icon', { max: TEXT_LIMITS.icon }],
  ] as const
  for (const [member, limits] of texts) {
    const problem = isSet(input[member]) ? displayTextProblem(input[member], limits) : undefined
    if (problem) problems.push({ path: member, message: problem })
  }
  const fields = checkFields(input.fields, problems)
  const localized = isSet(input.localized) ? input.localized : undefined
  if (localized !== undefined && typeof localized !== 'boolean')
    problems.push({ path: 'localized', message: 'must be true or false' })
  if (localized !== true) problems.push(...localizedFieldProblems(input.fields))
  for (const member of ['slugField', 'titleField'] as const) {
    const problem = isSet(input[member])
      ? titleFieldProblem(input[member], input.fields)
      : undefined
    if (problem) problems.push({ path: member, message: problem })
  }
  if (problems.length > 0 || !fields) return { definition: undefined, problems }

  const name = input.name as string
  const definition: ContentTypeDefinition = {
    name,
    label: isSet(input.label) ? (input.label as string) : name,
    fields,
  }
  for (const member of ['description', 'slugField', 'titleField', 'icon'] as const) {
    if (isSet(input[member])) definition[member] = input[member] as string
  }
  if (localized === true) definition.localized = true
  return { definition, problems }
}

/** The definition with defaults filled in, or a ValidationError listing every problem. */
export function parseContentTypeDefinition(input: unknown): ContentTypeDefinition {
  const { definition, problems } = checkContentTypeDefinition(input)
  if (!definition) throw new ValidationError('The content type definition is invalid', problems)
  return definition
}
