import { CmsApiError } from '@cms/client'
import type {
  ComponentInput,
  ContentType,
  ContentTypeInput,
  FieldDefinition,
  FieldType,
} from '@cms/client'
import { FIELD_OPTION_TYPES } from '@cms/content-model/field-options'
import type { FieldOptionName } from '@cms/content-model/field-options'

/** A field as the builder edits it: every input is text until it is sent. */
export interface FieldDraft {
  /** Keeps a row's identity while rows move. */
  key: string
  name: string
  label: string
  type: FieldType
  required: boolean
  localized: boolean
  options: string
  min: string
  max: string
  maxLength: string
  target: string
  many: boolean
  /** `component`: the component; `repeatable`: a list of them. */
  component: string
  repeatable: boolean
  /** `blocks`: the components an item may be. */
  components: string[]
  pattern: string
  patternMessage: string
  unique: boolean
}

export interface TypeDraft {
  name: string
  label: string
  description: string
  titleField: string
  slugField: string
  localized: boolean
  fields: FieldDraft[]
}

let rows = 0
const rowKey = () => `row-${++rows}`

export const newField = (): FieldDraft => ({
  key: rowKey(),
  name: '',
  label: '',
  type: 'text',
  required: false,
  localized: true,
  options: '',
  min: '',
  max: '',
  maxLength: '',
  target: '',
  many: false,
  component: '',
  repeatable: false,
  components: [],
  pattern: '',
  patternMessage: '',
  unique: false,
})

export const EMPTY_TYPE: TypeDraft = {
  name: '',
  label: '',
  description: '',
  titleField: '',
  slugField: '',
  localized: false,
  fields: [newField()],
}

const text = (value: number | undefined) => (value === undefined ? '' : String(value))

export function draftOf(type: ContentType): TypeDraft {
  return {
    name: type.name,
    label: type.label,
    description: type.description ?? '',
    titleField: type.titleField ?? '',
    slugField: type.slugField ?? '',
    localized: type.localized === true,
    fields: fieldDraftsOf(type.fields),
  }
}

export function fieldDraftsOf(fields: ContentType['fields']): FieldDraft[] {
  return fields.map((field) => ({
    key: rowKey(),
    name: field.name,
    label: field.label,
    type: field.type,
    required: field.required,
    localized: field.localized !== false,
    options: (field.options ?? []).join(', '),
    min: text(field.min),
    max: text(field.max),
    maxLength: text(field.maxLength),
    target: field.target ?? '',
    many: field.many === true,
    component: field.component ?? '',
    repeatable: field.repeatable === true,
    components: field.components ?? [],
    pattern: field.pattern ?? '',
    patternMessage: field.patternMessage ?? '',
    unique: field.unique === true,
  }))
}

/** Whether a field of `type` takes the member `option`. */
export const takesOption = (type: FieldType, option: FieldOptionName): boolean =>
  FIELD_OPTION_TYPES[option].includes(type)

/** Types whose fields take `min` and `max`: numbers' bounds, lists' numbers of items. */
export const takesBounds = (draft: Pick<FieldDraft, 'type' | 'repeatable'>): boolean =>
  takesOption(draft.type, 'min') && (draft.type !== 'component' || draft.repeatable)

/** Only the members a field's type takes; a blank number is left out, a typo stays for the API to judge. */
export function fieldOf(draft: FieldDraft, localizedType: boolean): FieldDefinition {
  const number = (value: string) => (value.trim() === '' ? undefined : Number(value))
  const field: FieldDefinition = {
    name: draft.name.trim(),
    type: draft.type,
    required: draft.required,
    ...(draft.label.trim() ? { label: draft.label.trim() } : {}),
  }
  if (localizedType && !draft.localized) field.localized = false
  if (draft.type === 'select') {
    field.options = draft.options
      .split(',')
      .map((option) => option.trim())
      .filter(Boolean)
  }
  if (takesBounds(draft)) {
    const min = number(draft.min)
    const max = number(draft.max)
    if (min !== undefined) field.min = min
    if (max !== undefined) field.max = max
  }
  if (draft.type === 'text' || draft.type === 'textarea') {
    const maxLength = number(draft.maxLength)
    if (maxLength !== undefined) field.maxLength = maxLength
    if (draft.pattern !== '') field.pattern = draft.pattern
    if (draft.pattern !== '' && draft.patternMessage.trim())
      field.patternMessage = draft.patternMessage.trim()
  }
  if (takesOption(draft.type, 'unique') && draft.unique) field.unique = true
  if (draft.type === 'component') {
    field.component = draft.component
    if (draft.repeatable) field.repeatable = true
  }
  if (draft.type === 'blocks') field.components = draft.components
  if (draft.type === 'relation') field.target = draft.target
  if (draft.type === 'relation' || draft.type === 'media') field.many = draft.many
  return field
}

/** What `POST /api/components` takes: a type's members less title, slug and localized. */
export function componentInputOf(draft: TypeDraft): ComponentInput {
  const {
    titleField: _title,
    slugField: _slug,
    localized: _localized,
    ...input
  } = inputOf({
    ...draft,
    titleField: '',
    slugField: '',
    localized: false,
  })
  return input
}

export function inputOf(draft: TypeDraft): ContentTypeInput {
  return {
    name: draft.name.trim(),
    label: draft.label.trim() || draft.name.trim(),
    ...(draft.description.trim() ? { description: draft.description.trim() } : {}),
    ...(draft.titleField ? { titleField: draft.titleField } : {}),
    ...(draft.slugField ? { slugField: draft.slugField } : {}),
    localized: draft.localized,
    fields: draft.fields.map((field) => fieldOf(field, draft.localized)),
  }
}

export const TEXT_TYPES: readonly FieldType[] = ['text', 'textarea']

/** The API's problems by where the builder shows them: `name`, `fields.3.target`, … */
export function problemsByPlace(error: unknown): { at: Map<string, string[]>; other: string[] } {
  const at = new Map<string, string[]>()
  const other: string[] = []
  if (!(error instanceof CmsApiError)) return { at, other }
  for (const detail of error.details) {
    const field = /^fields\[(\d+)\](?:\.(\w+))?/.exec(detail.path)
    const place = field
      ? `fields.${field[1]}.${field[2] ?? 'name'}`
      : /^(name|label|description|titleField|slugField|localized)$/.test(detail.path)
        ? detail.path
        : undefined
    if (place) at.set(place, [...(at.get(place) ?? []), detail.message])
    else other.push(detail.path ? `${detail.path}: ${detail.message}` : detail.message)
  }
  return { at, other }
}
