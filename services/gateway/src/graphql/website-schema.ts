import {
  GraphQLBoolean,
  GraphQLID,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
} from 'graphql'
import type {
  GraphQLFieldConfig,
  GraphQLFieldConfigArgumentMap,
  GraphQLNullableType,
} from 'graphql'
import type { ContentType } from '@cms/content-model'
import { allows } from '@cms/contract'
import type { Permissions } from '@cms/contract'
import { BUILT_IN_TYPE_NAMES, createDataTypes } from './data-types.ts'
import type { GraphqlContext } from './graphql-context.ts'
import { camelCase, nameRegistry, pascalCase } from './graphql-names.ts'
import { JsonScalar } from './json-scalar.ts'
import {
  createResolver,
  deleteResolver,
  publishResolver,
  unpublishResolver,
  updateResolver,
} from './mutation-resolvers.ts'
import { documentResolver, listResolver } from './query-resolvers.ts'
import type { WebsiteModel } from './website-model.ts'

type Field = GraphQLFieldConfig<unknown, GraphqlContext>

const nonNull = <T extends GraphQLNullableType>(type: T) => new GraphQLNonNull(type)

/** A list's envelope: REST's members under REST's names. */
const envelope = (name: string, document: GraphQLObjectType) =>
  new GraphQLObjectType({
    name,
    fields: {
      docs: { type: nonNull(new GraphQLList(nonNull(document))) },
      totalDocs: { type: GraphQLInt },
      limit: { type: nonNull(GraphQLInt) },
      totalPages: { type: GraphQLInt },
      page: { type: nonNull(GraphQLInt) },
      hasNextPage: { type: nonNull(GraphQLBoolean) },
      hasPrevPage: { type: nonNull(GraphQLBoolean) },
      nextPage: { type: GraphQLInt },
      prevPage: { type: GraphQLInt },
    },
  })

/** The read arguments a caller may use: `draft` only with readDrafts on the type. */
const readArgs = (mayDraft: boolean): GraphQLFieldConfigArgumentMap => ({
  locale: { type: GraphQLString, description: "One of the website's locale codes" },
  ...(mayDraft && { draft: { type: GraphQLBoolean, description: 'Drafts too (readDrafts)' } }),
})

const versioned = {
  id: { type: nonNull(GraphQLID) },
  expectedVersion: {
    type: GraphQLInt,
    description: "If-Match: refused unless it is the document's version",
  },
}

/**
 * The GraphQL schema a caller with `permissions` is shown for a website (docs/graphql.md): per
 * type it may read, its document type, `<type>(id:)`, `<type>BySlug(slug:)` when the type
 * derives slugs from a field, `<type>List(...)`; per write it may make on a type, its mutation.
 * Nothing else is in it, so introspection shows what the caller may use.
 */
export function buildWebsiteSchema(model: WebsiteModel, permissions: Permissions): GraphQLSchema {
  const readable = [...model.types]
    .filter((type) => allows(permissions, 'read', type.name))
    .sort((a, b) => a.name.localeCompare(b.name))
  const types = new Map(readable.map((type) => [type.name, type]))
  const typeName = nameRegistry(BUILT_IN_TYPE_NAMES)
  const fieldName = nameRegistry(['locales'])
  const data = createDataTypes({ types, name: typeName })
  const documents = readable.map((type) => [type, data.documentType(type)] as const)
  const query: Record<string, Field> = {
    locales: {
      type: nonNull(new GraphQLList(nonNull(GraphQLString))),
      description: "The website's locale codes, the default first",
      resolve: () => model.locales,
    },
  }
  const mutation: Record<string, Field> = {}
  for (const [type, document] of documents) {
    const root = camelCase(type.name)
    const args = readArgs(allows(permissions, 'readDrafts', type.name))
    query[fieldName(root)] = {
      type: document,
      args: { id: { type: nonNull(GraphQLID) }, ...args },
      resolve: documentResolver(type, types, 'id'),
    }
    if ((type.slugField ?? type.titleField) !== undefined)
      query[fieldName(`${root}BySlug`)] = {
        type: document,
        args: { slug: { type: nonNull(GraphQLString) }, ...args },
        resolve: documentResolver(type, types, 'slug'),
      }
    query[fieldName(`${root}List`)] = {
      type: envelope(typeName(`${document.name}List`), document),
      args: {
        filter: { type: JsonScalar, description: "REST's filters: {title: {$contains: 'x'}}" },
        sort: {
          type: new GraphQLList(nonNull(GraphQLString)),
          description: "REST's sort: ['-publishedAt', 'title']",
        },
        page: { type: GraphQLInt },
        pageSize: { type: GraphQLInt },
        ...args,
      },
      resolve: listResolver(type, types),
    }
    Object.assign(mutation, mutationsOf(type, document, permissions, fieldName))
  }
  return new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: query }),
    ...(Object.keys(mutation).length > 0 && {
      mutation: new GraphQLObjectType({ name: 'Mutation', fields: mutation }),
    }),
  })
}

/** The mutations of one type that `permissions` allow. */
function mutationsOf(
  type: ContentType,
  document: GraphQLObjectType,
  permissions: Permissions,
  fieldName: (wanted: string) => string,
): Record<string, Field> {
  const may = (action: 'create' | 'update' | 'publish' | 'delete') =>
    allows(permissions, action, type.name)
  const name = pascalCase(type.name)
  const locale = { locale: { type: GraphQLString } }
  const out: Record<string, Field> = {}
  if (may('create'))
    out[fieldName(`create${name}`)] = {
      type: nonNull(document),
      args: { data: { type: nonNull(JsonScalar) }, slug: { type: GraphQLString }, ...locale },
      resolve: createResolver(type),
    }
  if (may('update'))
    out[fieldName(`update${name}`)] = {
      type: nonNull(document),
      args: {
        ...versioned,
        data: { type: JsonScalar },
        slug: { type: GraphQLString },
        draft: {
          type: GraphQLBoolean,
          description: 'Save a pending draft of a published document',
        },
        ...locale,
      },
      resolve: updateResolver(type),
    }
  if (may('publish')) {
    out[fieldName(`publish${name}`)] = {
      type: nonNull(document),
      args: versioned,
      resolve: publishResolver(type),
    }
    out[fieldName(`unpublish${name}`)] = {
      type: nonNull(document),
      args: versioned,
      resolve: unpublishResolver(type),
    }
  }
  if (may('delete'))
    out[fieldName(`delete${name}`)] = {
      type: nonNull(GraphQLID),
      args: versioned,
      resolve: deleteResolver(type),
    }
  return out
}
