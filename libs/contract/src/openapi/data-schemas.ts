import type { ContentType, FieldDefinition } from '@cms/content-model'
import { documentSchema } from '../schemas/responses/documents.ts'
import { Type } from '@sinclair/typebox'
import { plain, ref } from './operation.ts'

type Json = Record<string, unknown>

const ID = { type: 'string', format: 'uuid' }
const MAX_IDS = 100

/**
 * The JSON value of one field, as written (`input`) or as read. A read relation into a type the
 * document does not describe (not in `shown`) is any `Document`.
 */
function valueOf(
  field: FieldDefinition,
  mode: 'input' | 'read',
  shown?: ReadonlySet<string>,
): Json {
  switch (field.type) {
    case 'text':
    case 'textarea':
      return {
        type: 'string',
        ...(field.maxLength !== undefined && { maxLength: field.maxLength }),
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
  }
}

const describe = (field: FieldDefinition): Json => ({
  title: field.label,
  ...(field.type === 'relation' && {
    description: `Document id${field.many ? 's' : ''} of \`${field.target}\`; with populate, the document${field.many ? 's' : ''}`,
  }),
  ...(field.type === 'media' && {
    description: `Media id${field.many ? 's' : ''}; with populate, the file${field.many ? 's' : ''}`,
  }),
})

const isLocalized = (type: ContentType, field: FieldDefinition): boolean =>
  type.localized === true &&
  field.localized !== false &&
  field.type !== 'relation' &&
  field.type !== 'media'

const nullable = (schema: Json): Json => ({ anyOf: [schema, { type: 'null' }] })

/**
 * A read's `data`: each field's value (null when cleared), populated relations and media, and
 * for a localized field with `locale=*` an object of values keyed by locale code. Members are
 * not required: a field added to the type after a document was written has no value there.
 */
function readData(type: ContentType, locales: readonly string[], shown: ReadonlySet<string>): Json {
  const properties: Json = {}
  for (const field of type.fields) {
    const value = nullable(valueOf(field, 'read', shown))
    properties[field.name] = isLocalized(type, field)
      ? {
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
      : { ...describe(field), ...value }
  }
  return { type: 'object', properties }
}

/**
 * A create's `data` in one locale: required fields (of the default locale) present and never
 * null, no others; an optional field may be null (no value).
 */
function inputData(type: ContentType): Json {
  const properties: Json = {}
  for (const field of type.fields) {
    const value = valueOf(field, 'input')
    properties[field.name] = { ...describe(field), ...(field.required ? value : nullable(value)) }
  }
  const required = type.fields.filter((field) => field.required).map((field) => field.name)
  return {
    type: 'object',
    properties,
    additionalProperties: false,
    ...(required.length > 0 && { required }),
  }
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
        data: inputData(type),
        slug: { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', maxLength: 96 },
      },
    },
  }
}

/** `oneOf` the types' schemas of `suffix`, told apart by `type`. */
export function byType(types: readonly ContentType[], suffix: string): Json {
  return {
    oneOf: types.map((type) => ref(`${type.name}.${suffix}`)),
    discriminator: {
      propertyName: 'type',
      mapping: Object.fromEntries(
        types.map((type) => [type.name, `#/components/schemas/${type.name}.${suffix}`]),
      ),
    },
  }
}
