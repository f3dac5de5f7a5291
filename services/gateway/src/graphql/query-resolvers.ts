import type { GraphQLFieldResolver, GraphQLResolveInfo } from 'graphql'
import type { ContentType } from '@cms/content-model'
import { AppError } from '@cms/errors'
import type { GraphqlContext, ReadOptions } from './graphql-context.ts'
import { childrenNamed, populateOf } from './populate-plan.ts'

type Args = Record<string, unknown>
type Resolver = GraphQLFieldResolver<unknown, GraphqlContext, Args>

/** The locale and drafts a read asks for; `locale: "*"` has no GraphQL shape and is refused. */
function readOptionsOf(args: Args): ReadOptions {
  const { locale, draft } = args
  if (locale === '*')
    throw new AppError('VALIDATION_ERROR', 'locale "*" has no GraphQL form; ask for one locale', {
      details: [{ path: 'locale', message: "must be one of the website's locale codes" }],
    })
  return {
    ...(typeof locale === 'string' && { locale }),
    ...(draft === true && { draft: true }),
  }
}

const readQuery = (options: ReadOptions) => ({
  ...(options.locale !== undefined && { locale: options.locale }),
  ...(options.draft && { draft: 'true' }),
})

/** The populate of the `data` selected under `path` (`docs` of a list, nothing for a document). */
function populateFor(
  type: ContentType,
  info: GraphQLResolveInfo,
  types: ReadonlyMap<string, ContentType>,
  path: readonly string[],
) {
  let nodes = [...info.fieldNodes]
  for (const name of [...path, 'data']) nodes = childrenNamed(nodes, name, info.fragments)
  const populate = populateOf(type.fields, nodes, { fragments: info.fragments, types })
  return populate ? { populate } : {}
}

const isNotFound = (error: unknown) => (error as { code?: string }).code === 'NOT_FOUND'

/** `<type>(id:)` and `<type>BySlug(slug:)`: the document, or null when there is none to see. */
export function documentResolver(
  type: ContentType,
  types: ReadonlyMap<string, ContentType>,
  by: 'id' | 'slug',
): Resolver {
  return async (_parent, args, context, info) => {
    const options = readOptionsOf(args)
    context.reads.set(info.path.key as string, options)
    const query = { ...readQuery(options), ...populateFor(type, info, types, []) }
    try {
      const answer =
        by === 'id'
          ? await context.call({
              id: 'getDocument',
              params: { id: String(args.id) },
              query,
              type: type.name,
            })
          : await context.call({
              id: 'getDocumentBySlug',
              params: { type: type.name, slug: String(args.slug) },
              query,
            })
      return answer.body
    } catch (error) {
      if (isNotFound(error)) return null
      throw error
    }
  }
}

/** `<type>List(...)`: one REST list call with the same filter, sort, page, locale and drafts. */
export function listResolver(type: ContentType, types: ReadonlyMap<string, ContentType>): Resolver {
  return async (_parent, args, context, info) => {
    const options = readOptionsOf(args)
    context.reads.set(info.path.key as string, options)
    const sort = args.sort as string[] | null | undefined
    const answer = await context.call({
      id: 'listDocuments',
      query: {
        type: type.name,
        ...(args.filter != null && { filters: args.filter }),
        ...(sort && sort.length > 0 && { sort: sort.join(',') }),
        ...(args.page != null && { page: args.page }),
        ...(args.pageSize != null && { limit: args.pageSize }),
        ...readQuery(options),
        ...populateFor(type, info, types, ['docs']),
      },
    })
    return answer.body
  }
}
