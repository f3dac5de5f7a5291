import {
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLID,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  GraphQLUnionType,
} from 'graphql'
import type { GraphQLFieldConfig, GraphQLOutputType } from 'graphql'
import { BLOCK_COMPONENT_KEY } from '@cms/content-model'
import type { ComponentShape, ContentType, FieldDefinition } from '@cms/content-model'
import type { FieldType } from '@cms/contract'
import { linkedResolver } from './field-resolvers.ts'
import type { GraphqlContext } from './graphql-context.ts'
import { isGraphqlFieldName, pascalCase } from './graphql-names.ts'
import { JsonScalar } from './json-scalar.ts'

type Field = GraphQLFieldConfig<Record<string, unknown>, GraphqlContext>

const INT32 = 2 ** 31

/** An integer field is `Int` when its bounds keep it within GraphQL's 32 bits, else `Float`. */
const integerType = (field: FieldDefinition) =>
  field.min !== undefined && field.max !== undefined && field.min >= -INT32 && field.max < INT32
    ? GraphQLInt
    : GraphQLFloat

/** Field types whose values are shown as stored. */
const PLAIN: { readonly [T in FieldType]?: (field: FieldDefinition) => GraphQLOutputType } = {
  text: () => GraphQLString,
  textarea: () => GraphQLString,
  email: () => GraphQLString,
  url: () => GraphQLString,
  select: () => GraphQLString,
  date: () => GraphQLString,
  datetime: () => GraphQLString,
  richText: () => JsonScalar,
  json: () => JsonScalar,
  tags: () => new GraphQLList(new GraphQLNonNull(GraphQLString)),
  number: () => GraphQLFloat,
  integer: integerType,
  boolean: () => GraphQLBoolean,
}

const nonNull = <T extends GraphQLOutputType>(type: T) => new GraphQLNonNull(type)

/** A media record, as `GET /api/media/:id` answers it. */
export const MediaType = new GraphQLObjectType({
  name: 'Media',
  fields: {
    id: { type: nonNull(GraphQLID) },
    filename: { type: nonNull(GraphQLString) },
    mimeType: { type: nonNull(GraphQLString) },
    size: { type: nonNull(GraphQLFloat) },
    width: { type: GraphQLInt },
    height: { type: GraphQLInt },
    alt: { type: GraphQLString },
    caption: { type: GraphQLString },
    sha256: { type: nonNull(GraphQLString) },
    url: { type: nonNull(GraphQLString) },
    createdAt: { type: nonNull(GraphQLString) },
    updatedAt: { type: nonNull(GraphQLString) },
  },
})

/** The members every document has beside `data` (REST's document shape). */
export const documentBaseFields = (): Record<string, Field> => ({
  id: { type: nonNull(GraphQLID) },
  type: { type: nonNull(GraphQLString) },
  slug: { type: GraphQLString },
  status: { type: nonNull(GraphQLString) },
  authorId: { type: GraphQLString },
  publishedAt: { type: GraphQLString },
  createdAt: { type: nonNull(GraphQLString) },
  updatedAt: { type: nonNull(GraphQLString) },
  version: { type: nonNull(GraphQLInt) },
  hasPendingDraft: { type: GraphQLBoolean },
})

export const BUILT_IN_TYPE_NAMES = [
  'Query',
  'Mutation',
  'JSON',
  'Media',
  'Boolean',
  'Float',
  'ID',
  'Int',
  'String',
]

/**
 * The output types of a website's documents, components and blocks. Built lazily (GraphQL
 * thunks), since relations may form cycles; `name` hands out each GraphQL name once.
 */
export function createDataTypes(options: {
  /** The types the caller may read: a relation to another is its id. */
  types: ReadonlyMap<string, ContentType>
  name: (wanted: string) => string
}) {
  const documents = new Map<string, GraphQLObjectType>()
  const components = new Map<string, GraphQLObjectType>()

  const valueType = (owner: string, field: FieldDefinition): GraphQLOutputType | undefined => {
    const many = (type: GraphQLOutputType) =>
      field.many ? new GraphQLList(new GraphQLNonNull(type)) : type
    switch (field.type) {
      case 'relation': {
        const target = field.target === undefined ? undefined : options.types.get(field.target)
        return many(target ? documentType(target) : GraphQLID)
      }
      case 'media':
        return many(MediaType)
      case 'component': {
        const type = componentType({ name: field.component ?? '', fields: field.fields ?? [] })
        return field.repeatable ? new GraphQLList(new GraphQLNonNull(type)) : type
      }
      case 'blocks':
        return blocksType(owner, field)
      default:
        return PLAIN[field.type]?.(field)
    }
  }

  const fieldsOf = (owner: string, fields: readonly FieldDefinition[]): Record<string, Field> => {
    const out: Record<string, Field> = {}
    for (const field of fields) {
      if (!isGraphqlFieldName(field.name)) continue
      const type = valueType(owner, field)
      if (!type) continue
      const linked =
        (field.type === 'relation' && options.types.has(field.target ?? '')) ||
        field.type === 'media'
      out[field.name] = {
        type,
        ...(field.label !== field.name && { description: field.label }),
        ...(linked && {
          resolve: linkedResolver(field.type as 'relation' | 'media', field.many === true),
        }),
      }
    }
    return out
  }

  /** An object of `fields`, or JSON when none can be shown (GraphQL objects need a field). */
  const objectOrJson = (name: string, owner: string, fields: readonly FieldDefinition[]) =>
    fields.some((field) => isGraphqlFieldName(field.name))
      ? new GraphQLObjectType({ name, fields: () => fieldsOf(owner, fields) })
      : JsonScalar

  function componentType(component: ComponentShape): GraphQLObjectType {
    let type = components.get(component.name)
    if (!type) {
      const name = options.name(`${pascalCase(component.name)}Component`)
      type = new GraphQLObjectType({
        name,
        fields: () => {
          const fields = fieldsOf(name, component.fields)
          return Object.keys(fields).length > 0
            ? fields
            : {
                [BLOCK_COMPONENT_KEY.slice(2)]: {
                  type: GraphQLString,
                  resolve: () => component.name,
                },
              }
        },
      })
      components.set(component.name, type)
    }
    return type
  }

  function blocksType(owner: string, field: FieldDefinition): GraphQLOutputType {
    const members = (field.blocks ?? []).map(componentType)
    if (members.length === 0) return new GraphQLList(JsonScalar)
    const byComponent = new Map((field.blocks ?? []).map((block, i) => [block.name, members[i]!]))
    const union = new GraphQLUnionType({
      name: options.name(`${owner}${pascalCase(field.name)}Block`),
      types: members,
      resolveType: (value: Record<string, unknown>) =>
        byComponent.get(String(value[BLOCK_COMPONENT_KEY]))?.name,
    })
    return new GraphQLList(new GraphQLNonNull(union))
  }

  function documentType(type: ContentType): GraphQLObjectType {
    let document = documents.get(type.name)
    if (!document) {
      const name = options.name(pascalCase(type.name))
      const data = objectOrJson(options.name(`${name}Data`), name, type.fields)
      document = new GraphQLObjectType({
        name,
        description: type.description ?? type.label,
        fields: () => ({ ...documentBaseFields(), data: { type: nonNull(data) } }),
      })
      documents.set(type.name, document)
    }
    return document
  }

  return { documentType }
}
