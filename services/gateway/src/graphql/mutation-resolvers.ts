import type { GraphQLFieldResolver } from 'graphql'
import type { ContentType } from '@cms/content-model'
import type { GraphqlContext } from './graphql-context.ts'
import type { OperationCall } from './operation-caller.ts'

type Args = Record<string, unknown>
type Resolver = GraphQLFieldResolver<unknown, GraphqlContext, Args>

/** `expectedVersion` is `If-Match` naming that version, as REST takes it. */
const ifMatch = (args: Args) =>
  args.expectedVersion == null
    ? {}
    : { headers: { 'if-match': `"${String(args.expectedVersion)}"` } }

const locale = (args: Args) => (typeof args.locale === 'string' ? { locale: args.locale } : {})

/**
 * A mutation is its REST operation, made for the caller on a document of this type only; a
 * relation of the document it answers is read through the loaders in the write's locale.
 */
function mutation(
  build: (args: Args, type: ContentType) => OperationCall,
  answer?: (args: Args) => unknown,
) {
  return (type: ContentType): Resolver =>
    async (_parent, args, context, info) => {
      context.reads.set(
        info.path.key as string,
        typeof args.locale === 'string' ? { locale: args.locale } : {},
      )
      const result = await context.call({ ...build(args, type), type: type.name })
      await context.contentChanged()
      return answer ? answer(args) : result.body
    }
}

export const createResolver = mutation((args, type) => ({
  id: 'createDocument',
  body: { type: type.name, data: args.data, ...(args.slug != null && { slug: args.slug }) },
  query: locale(args),
}))

export const updateResolver = mutation((args) => ({
  id: 'updateDocument',
  params: { id: String(args.id) },
  body: {
    ...(args.data !== undefined && { data: args.data }),
    ...(args.slug != null && { slug: args.slug }),
  },
  query: { ...locale(args), ...(args.draft === true && { draft: 'true' }) },
  ...ifMatch(args),
}))

export const publishResolver = mutation((args) => ({
  id: 'publishDocument',
  params: { id: String(args.id) },
  ...ifMatch(args),
}))

export const unpublishResolver = mutation((args) => ({
  id: 'unpublishDocument',
  params: { id: String(args.id) },
  ...ifMatch(args),
}))

export const deleteResolver = mutation(
  (args) => ({ id: 'deleteDocument', params: { id: String(args.id) }, ...ifMatch(args) }),
  (args) => args.id,
)
