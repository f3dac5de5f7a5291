import type { SchemaObject } from 'ajv'
import { DOCUMENT_ID_PATTERN, MAX_COMPONENT_ITEMS } from '@cms/contract'
import { BLOCK_COMPONENT_KEY, MAX_RELATION_IDS } from './content-type.ts'
import type { ComponentShape, ContentType, FieldDefinition, FieldType } from './content-type.ts'

/** Custom ajv vocabulary (registered in data-validator.ts). */
export const NOT_EMPTY_KEYWORD = 'cmsNotEmpty'
/** Free-form values must be storable on MongoDB and FerretDB alike (see storable-value.ts). */
export const STORABLE_KEYWORD = 'cmsStorable'
/** A document id as the content service makes them (a lower-case UUID). */
export { DOCUMENT_ID_PATTERN }
const DOCUMENT_ID = new RegExp(DOCUMENT_ID_PATTERN)
export const isDocumentId = (value: unknown): value is string =>
  typeof value === 'string' && DOCUMENT_ID.test(value)
export const VALUE_FORMATS = {
  date: 'cms-date',
  datetime: 'cms-datetime',
  url: 'cms-http-url',
  email: 'email',
} as const

const SHAPES: Readonly<Record<FieldType, (field: FieldDefinition) => SchemaObject>> = {
  text: (field) => textShape(field),
  textarea: (field) => textShape(field),
  richText: () => ({
    type: 'object',
    required: ['type', 'content'],
    properties: { type: { type: 'string' }, content: { type: 'array' } },
    [STORABLE_KEYWORD]: true,
  }),
  tags: () => ({ type: 'array', items: { type: 'string', minLength: 1 } }),
  number: (field) => withBounds({ type: 'number' }, field),
  integer: (field) => withBounds({ type: 'integer' }, field),
  boolean: () => ({ type: 'boolean' }),
  date: () => ({ type: 'string', format: VALUE_FORMATS.date }),
  datetime: () => ({ type: 'string', format: VALUE_FORMATS.datetime }),
  email: () => ({ type: 'string', format: VALUE_FORMATS.email }),
  url: () => ({ type: 'string', format: VALUE_FORMATS.url }),
  select: (field) => ({ type: 'string', enum: [...(field.options ?? [])] }),
  json: () => ({ [STORABLE_KEYWORD]: true }),
  relation: (field) => idsShape(field),
  media: (field) => idsShape(field),
  component: (field) =>
    field.repeatable
      ? itemsShape(objectSchema(field.fields ?? []), field)
      : objectSchema(field.fields ?? []),
  blocks: (field) => itemsShape(blockSchema(field.blocks ?? []), field),
}

/** A component value: an object of its fields, unknown keys refused. */
function objectSchema(fields: readonly FieldDefinition[], tag?: { name: string }): SchemaObject {
  const properties: Record<string, SchemaObject> = {}
  if (tag) properties[BLOCK_COMPONENT_KEY] = { const: tag.name }
  for (const field of fields) properties[field.name] = valueSchema(field)
  const required = fields.filter((field) => field.required).map((field) => field.name)
  return {
    type: 'object',
    additionalProperties: false,
    properties,
    required: tag ? [BLOCK_COMPONENT_KEY, ...required] : required,
  }
}

/** A blocks item: the component `__component` names, chosen by ajv's discriminator. */
function blockSchema(shapes: readonly ComponentShape[]): SchemaObject {
  if (shapes.length === 0) return { not: {} }
  return {
    type: 'object',
    discriminator: { propertyName: BLOCK_COMPONENT_KEY },
    oneOf: shapes.map((shape) => objectSchema(shape.fields, shape)),
  }
}

/** A repeatable component's or a blocks field's list, `min` to `max` items. */
function itemsShape(items: SchemaObject, field: FieldDefinition): SchemaObject {
  return {
    type: 'array',
    items,
    maxItems: Math.min(field.max ?? MAX_COMPONENT_ITEMS, MAX_COMPONENT_ITEMS),
    ...(field.min === undefined ? {} : { minItems: field.min }),
  }
}

function textShape(field: FieldDefinition): SchemaObject {
  const schema = withMaxLength({ type: 'string' }, field)
  return field.pattern === undefined ? schema : { ...schema, pattern: field.pattern }
}

/** One id, or with `many` a list of up to 100 distinct ids. */
function idsShape(field: FieldDefinition): SchemaObject {
  return field.many
    ? {
        type: 'array',
        maxItems: MAX_RELATION_IDS,
        uniqueItems: true,
        items: { type: 'string', pattern: DOCUMENT_ID_PATTERN },
      }
    : { type: 'string', pattern: DOCUMENT_ID_PATTERN }
}

function withMaxLength(schema: SchemaObject, field: FieldDefinition): SchemaObject {
  return field.maxLength === undefined ? schema : { ...schema, maxLength: field.maxLength }
}

/** Integers stay within the range JavaScript (and JSON consumers) represent exactly. */
function withBounds(schema: SchemaObject, field: FieldDefinition): SchemaObject {
  const integer = field.type === 'integer'
  const minimum = field.min ?? (integer ? Number.MIN_SAFE_INTEGER : undefined)
  const maximum = field.max ?? (integer ? Number.MAX_SAFE_INTEGER : undefined)
  return {
    ...schema,
    ...(minimum === undefined ? {} : { minimum }),
    ...(maximum === undefined ? {} : { maximum }),
  }
}

/**
 * A field's value schema. `null` stands for "no value": an optional field accepts it, a
 * required one reports it as missing (through the not-empty keyword, not as a type error).
 */
function valueSchema(field: FieldDefinition): SchemaObject {
  const shape = SHAPES[field.type](field)
  const nullable: SchemaObject =
    shape.type === undefined
      ? shape
      : { ...shape, nullable: true, ...(shape.enum ? { enum: [...shape.enum, null] } : {}) }
  return field.required ? { ...nullable, [NOT_EMPTY_KEYWORD]: field.type } : nullable
}

/**
 * The JSON schema of a document's `data` under `contentType` (its fields resolved, see
 * component-fields.ts): unknown keys are refused, at every depth.
 */
export function dataSchemaFor(contentType: Pick<ContentType, 'fields'>): SchemaObject {
  return objectSchema(contentType.fields)
}

/** What a value of `field` must be, completing "must be ...". */
export function expectedValue(field: FieldDefinition): string {
  switch (field.type) {
    case 'text':
    case 'textarea':
      return 'a string'
    case 'richText':
      return 'a rich-text object with a string "type" and an array "content"'
    case 'tags':
      return 'an array of non-empty strings'
    case 'number':
      return 'a finite number'
    case 'integer':
      return 'an integer'
    case 'boolean':
      return 'true or false'
    case 'date':
      return 'a date in the form YYYY-MM-DD'
    case 'datetime':
      return 'an ISO 8601 date-time with an offset, e.g. 2024-05-01T12:00:00Z'
    case 'email':
      return 'an email address'
    case 'url':
      return 'an absolute http or https URL'
    case 'select':
      return `one of: ${optionList(field.options ?? [])}`
    case 'json':
      return 'a JSON value'
    case 'relation':
      return field.many
        ? `an array of up to ${MAX_RELATION_IDS} distinct document ids`
        : 'a document id'
    case 'media':
      return field.many ? `an array of up to ${MAX_RELATION_IDS} distinct media ids` : 'a media id'
    case 'component':
      return field.repeatable
        ? `a list of objects with the fields of component ${field.component}`
        : `an object with the fields of component ${field.component}`
    case 'blocks':
      return `a list of objects whose ${BLOCK_COMPONENT_KEY} is one of: ${optionList(field.components ?? [])}`
  }
}

function optionList(options: readonly string[]): string {
  const shown = options
    .slice(0, 20)
    .map((option) => JSON.stringify(option))
    .join(', ')
  return options.length > 20 ? `${shown}, ... (${options.length} options)` : shown
}
