import type { GraphQLFieldResolver } from 'graphql'
import { rootKeyOf } from './graphql-context.ts'
import type { GraphqlContext } from './graphql-context.ts'

type Value = unknown
type Resolver = GraphQLFieldResolver<Record<string, Value>, GraphqlContext>

/**
 * A relation or media field: what populate embedded, else the record by id through the
 * request's loaders (read as the root field that reached it read).
 */
export function linkedResolver(kind: 'relation' | 'media', many: boolean): Resolver {
  const one = (value: Value, context: GraphqlContext, root: string): Promise<Value> | Value => {
    if (typeof value !== 'string') return value ?? null
    if (kind === 'media') return context.loaders.media(value)
    return context.loaders.document(value, context.reads.get(root) ?? {})
  }
  return (parent, _args, context, info) => {
    const value = parent[info.fieldName]
    const root = rootKeyOf(info.path)
    if (!many) return one(value, context, root)
    if (!Array.isArray(value)) return value ?? null
    return Promise.all(value.map((item) => one(item, context, root))).then((items) =>
      items.filter((item) => item !== null),
    )
  }
}
