import type { BLOCK_COMPONENT_KEY, ContentType, FieldDefinition } from '@cms/content-model'
import { documentSchema } from '../schemas/responses/documents.ts'
import { Type } from '@sinclair/typebox'
import { MAX_COMPONENT_ITEMS } from '../limits.ts'
import { COMPONENTS } from '../schemas/responses/common.ts'
import { plain, ref } from './operation.ts'

type Json = Record<string, unknown>
export type Mode = 'input' | 'read'

const ID = { type: 'string', format: 'uuid' }
const MAX_IDS = 100
/** The member of a blocks item naming its component (the model's constant; checked to match). */
export const BLOCK_KEY: typeof BLOCK_COMPONENT_KEY = '__component'

/** The named schema of a component's value: `<name>.Component` as read, `.ComponentInput` written. */
export const componentSchemaName = (name: string, mode: Mode): string =>
  `${name}.${mode === 'read' ? 'Component' : 'ComponentInput'}`

/** The named schema of a blocks item of component `name` (its value with `__component`). */
export const blockSchemaName = (name: string, mode: Mode): string =>
  `${name}.${mode === 'read' ? 'Block' : 'BlockInput'}`

/**
 * `pattern` is RE2 syntax; JSON Schema's is ECMA-262. Most expressions are both; one that a
 * JavaScript engine cannot compile is only described, so that validators can load the document.
 */
function isEcmaPattern(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u')
    return true
  } catch {
    return false
  }
}

/** A written component value: its fields and no others (closed here, as a block adds a member). */
const closed = (name: string): Json => ({
  allOf: [ref(componentSchemaName(name, 'input'))],
  unevaluatedProperties: false,
})

const itemBounds = (field: FieldDefinition): Json => ({
  ...(field.min !== undefined && { minItems: field.min }),
  maxItems: Math.min(field.max ?? MAX_COMPONENT_ITEMS, MAX_COMPONENT_ITEMS),
})

/** The components a blocks field allows: resolved `blocks`, or as written `components`. */
export const blockNames = (field: FieldDefinition): string[] =>
  field.blocks?.map((shape) => shape.name) ?? field.components ?? []

/** `oneOf` the named schemas, told apart by `property` (a discriminator with its mapping). */
export function discriminated(
  property: string,
  entries: ReadonlyArray<readonly [value: string, schemaName: string]>,
): Json {
  return {
    oneOf: entries.map(([, name]) => ref(name)),
    discriminator: {
      propertyName: property,
      mapping: Object.fromEntries(entries.map(([value, name]) => [value, `${COMPONENTS}${name}`])),
    },
  }
}

function componentValue(field: FieldDefinition, mode: Mode): Json {
  const name = field.component
  const one =
    name === undefined
      ? { type: 'object' }
      : mode === 'read'
        ? ref(componentSchemaName(name, mode))
        : closed(name)
  return field.repeatable ? { type: 'array', items: one, ...itemBounds(field) } : one
}

function blocksValue(field: FieldDefinition, mode: Mode): Json {
  const names = blockNames(field)
  const items =
    names.length === 0
      ? { type: 'object', required: [BLOCK_KEY] }
      : discriminated(
          BLOCK_KEY,
          names.map((name) => [name, blockSchemaName(name, mode)] as const),
        )
  return { type: 'array', items, ...itemBounds(field) }
}

/**
 * The JSON value of one field, as written (`input`) or as read. A read relation into a type the
 * document does not describe (not in `shown`) is any `Document`.
 */
function valueOf(field: FieldDefinition, mode: Mode, shown?: ReadonlySet<string>): Json {
  switch (field.type) {
    case 'text':
    case 'textarea':
      return {
        type: 'string',
        ...(field.maxLength !== undefined && { maxLength: field.maxLength }),
        ...(field.pattern !== undefined &&
          isEcmaPattern(field.pattern) && { pattern: field.pattern }),
      }
    case 'richText':
      return {
        type: 'object',
        required: ['type', 'content'],
        properties: { type: { type: 'string' }, content: { type: 'array' } },
      }
    case 'tags':
      return { type: 'array', items: { type: 'string', minLength: 1 } }
    case 'number':
    case 'integer':
      return {
        type: field.type,
        ...(field.min !== undefined && { minimum: field.min }),
        ...(field.max !== undefined && { maximum: field.max }),
      }
    case 'boolean':
      return { type: 'boolean' }
    case 'date':
      return { type: 'string', format: 'date' }
    case 'datetime':
      return { type: 'string', format: 'date-time' }
    case 'email':
      return { type: 'string', format: 'email' }
    case 'url':
      return { type: 'string', format: 'uri' }
    case 'select':
      return { type: 'string', enum: [...(field.options ?? [])] }
    case 'json':
      return {}
    case 'relation':
    case 'media': {
      const one =
        mode === 'input'
          ? ID
          : {
              anyOf: [
                ID,
                field.type === 'media'
                  ? ref('Media')
                  : ref(
                      field.target && shown?.has(field.target)
                        ? `${field.target}.Document`
                        : 'Document',
                    ),
                ref('DocumentProjection'),
              ],
            }
      return field.many
        ? {
            type: 'array',
            items: one,
            maxItems: MAX_IDS,
            ...(mode === 'input' && { uniqueItems: true }),
          }
        : one
    }
    case 'component':
      return componentValue(field, mode)
    case 'blocks':
      return blocksValue(field, mode)
  }
}

/** What a schema cannot say of a field's value, in words. */
function notes(field: FieldDefinition): string[] {
  const s = field.many ? 's' : ''
  return [
    field.type === 'relation' &&
      `Document id${s} of \`${field.target}\`; with populate, the document${s}`,
    field.type === 'media' && `Media id${s}; with populate, the file${s}`,
    field.type === 'blocks' &&
      `A list of blocks, each one of the components it names in \`${BLOCK_KEY}\``,
    field.pattern !== undefined &&
      `Matches the RE2 expression \`${field.pattern}\`${field.patternMessage ? ` (${field.patternMessage})` : ''}`,
    field.unique === true &&
      'Unique: no other document of this type (drafts included) has this value in the same locale',
  ].filter((note): note is string => typeof note === 'string')
}

const describe = (field: FieldDefinition): Json => {
  const said = notes(field)
  return { title: field.label, ...(said.length > 0 && { description: said.join('. ') }) }
}

const isLocalized = (type: ContentType, field: FieldDefinition): boolean =>
  type.localized === true &&
  field.localized !== false &&
  field.type !== 'relation' &&
  field.type !== 'media'

const nullable = (schema: Json): Json => ({ anyOf: [schema, { type: 'null' }] })

/** A field's value as read: null when cleared. */
const readValue = (field: FieldDefinition, shown: ReadonlySet<string>): Json =>
  nullable(valueOf(field, 'read', shown))

/**
 * The members of a read value of `fields` (a document's `data` or a component's value). None is
 * required: a field added after a document was written has no value there.
 */
export function readObject(fields: readonly FieldDefinition[], shown: ReadonlySet<string>): Json {
  const properties: Json = {}
  for (const field of fields)
    properties[field.name] = { ...describe(field), ...readValue(field, shown) }
  return { type: 'object', properties }
}

/**
 * A written value of `fields` (a create's `data` in one locale, a component's value): required
 * fields present and never null, an optional one may be null (no value). Open: whoever uses it
 * says whether other members may be there.
 */
export function inputObject(fields: readonly FieldDefinition[]): Json {
  const properties: Json = {}
  for (const field of fields) {
    const value = valueOf(field, 'input')
    properties[field.name] = { ...describe(field), ...(field.required ? value : nullable(value)) }
  }
  const required = fields.filter((field) => field.required).map((field) => field.name)
  return { type: 'object', properties, ...(required.length > 0 && { required }) }
}

/**
 * A read's `data`: each field's value (null when cleared), populated relations and media, and
 * for a localized field with `locale=*` an object of values keyed by locale code.
 */
function readData(type: ContentType, locales: readonly string[], shown: ReadonlySet<string>): Json {
  const data = readObject(type.fields, shown)
  const properties = data.properties as Json
  for (const field of type.fields.filter((field) => isLocalized(type, field))) {
    const value = readValue(field, shown)
    properties[field.name] = {
      ...describe(field),
      anyOf: [
        value,
        {
          type: 'object',
          description: '`locale=*`: the value of each locale that has one',
          propertyNames: { enum: [...locales] },
          additionalProperties: value,
        },
      ],
    }
  }
  return data
}

/**
 * The named schemas of one content type: `<name>.Data`, `<name>.Document`, `<name>.Create`;
 * `shown`: the names of the types the document describes.
 */
export function contentTypeSchemas(
  type: ContentType,
  locales: readonly string[],
  shown: ReadonlySet<string>,
): Record<string, Json> {
  const name = type.name
  return {
    [`${name}.Data`]: {
      title: `${type.label}: data`,
      ...(type.description && { description: type.description }),
      ...readData(type, locales, shown),
    },
    [`${name}.Document`]: {
      title: `${type.label}: document`,
      ...plain(documentSchema(Type.Literal(name), Type.Unsafe(ref(`${name}.Data`)))),
    },
    [`${name}.Create`]: {
      title: `${type.label}: create`,
      type: 'object',
      additionalProperties: false,
      required: ['type', 'data'],
      properties: {
        type: { const: name },
        data: { ...inputObject(type.fields), additionalProperties: false },
        slug: { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', maxLength: 96 },
      },
    },
  }
}

/** `oneOf` the types' schemas of `suffix`, told apart by `type`. */
export const byType = (types: readonly ContentType[], suffix: string): Json =>
  discriminated(
    'type',
    types.map((type) => [type.name, `${type.name}.${suffix}`] as const),
  )
