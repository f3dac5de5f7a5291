import { buildSchema, getIntrospectionQuery, parse, specifiedRules, validate } from 'graphql'
import type { GraphQLError } from 'graphql'
import { describe, expect, it } from 'vitest'
import { limitRules } from './graphql-limits.ts'
import type { GraphqlLimits } from './graphql-limits.ts'
import { assertQuerySize } from './query-size.ts'

/** A hand-made schema in the shape of a website's: pages of documents, relations, lists. */
const schema = buildSchema(`
  type Query {
    articles(pageSize: Int, page: Int): ArticlePage!
    article(id: ID!): Article
    tagsByName(names: [String!]!): [Tag!]!
  }
  type ArticlePage { docs: [Article!]!, totalDocs: Int!, page: Int! }
  type Article { id: ID!, title: String, author: Person, tags: [Tag!]!, related: Article }
  type Person { id: ID!, name: String, employer: Company }
  type Company { name: String }
  type Tag { name: String }
`)

const LIMITS: GraphqlLimits = {
  maxQueryBytes: 20_480,
  maxDepth: 10,
  maxCost: 5000,
  listSize: 20,
  introspection: true,
}

function errorsOf(
  query: string,
  limits: Partial<GraphqlLimits> = {},
  variables: Record<string, unknown> = {},
): readonly GraphQLError[] {
  return validate(schema, parse(query), [
    ...specifiedRules,
    ...limitRules({ ...LIMITS, ...limits }, variables),
  ])
}

const extensionsOf = (
  query: string,
  ...rest: [Partial<GraphqlLimits>?, Record<string, unknown>?]
) => errorsOf(query, ...rest).map((error) => error.extensions)

const nested = (levels: number) =>
  `{ article(id: "1") { ${'related { '.repeat(levels - 2)}title${' }'.repeat(levels - 2)} } }`

describe('GraphQL limits', () => {
  it('when the query text passes the byte limit, then QUERY_TOO_LARGE names the limit and the size, counting UTF-8 bytes', () => {
    expect(() => assertQuerySize('{ a }', 5)).not.toThrow()
    expect(() => assertQuerySize('é'.repeat(3), 6)).not.toThrow()
    let refusal: GraphQLError | undefined
    try {
      assertQuerySize('é'.repeat(4), 6)
    } catch (error) {
      refusal = error as GraphQLError
    }
    expect(refusal?.extensions).toEqual({ code: 'QUERY_TOO_LARGE', limit: 6, measured: 8 })
    expect(refusal?.message).toContain('8 bytes')
  })

  it('when fields nest one level past the depth limit, then QUERY_TOO_DEEP with the measured depth; at the limit it passes', () => {
    expect(errorsOf(nested(10))).toEqual([])
    expect(extensionsOf(nested(11))).toEqual([{ code: 'QUERY_TOO_DEEP', limit: 10, measured: 11 }])
  })

  it('when the depth hides in named and inline fragments, then they are followed', () => {
    const query = `
      query { article(id: "1") { ...A } }
      fragment A on Article { related { ... on Article { related { ...B } } } }
      fragment B on Article { author { employer { name } } }`
    expect(extensionsOf(query, { maxDepth: 5 })).toEqual([
      { code: 'QUERY_TOO_DEEP', limit: 5, measured: 6 },
    ])
    expect(errorsOf(query, { maxDepth: 6 })).toEqual([])
  })

  it('when a paged list is asked for, then its selection costs per item of pageSize, or the default page size', () => {
    const query = (size: string) =>
      `{ articles${size} { totalDocs docs { title author { name } } } }`
    // Per item: the field 1, totalDocs 1, docs 1 (its list is the page), title, author, name 3.
    expect(extensionsOf(query('(pageSize: 10)'), { maxCost: 59 })).toEqual([
      { code: 'QUERY_TOO_COMPLEX', limit: 59, measured: 60 },
    ])
    expect(errorsOf(query('(pageSize: 10)'), { maxCost: 60 })).toEqual([])
    expect(extensionsOf(query(''), { maxCost: 1 })[0]).toMatchObject({ measured: 120 })
  })

  it('when pageSize comes from a variable or its default, then the cost counts that size', () => {
    const query = `query($n: Int = 7) { articles(pageSize: $n) { docs { title } } }`
    expect(extensionsOf(query, { maxCost: 1 })[0]).toMatchObject({ measured: 21 })
    expect(extensionsOf(query, { maxCost: 1 }, { n: 100 })[0]).toMatchObject({ measured: 300 })
  })

  it('when a list field has no pageSize, then it counts as the default page size, nested lists multiplying', () => {
    const query = `{ article(id: "1") { tags { name } } tagsByName(names: ["a"]) { name } }`
    // article 1 + tags (1 + name 1) x 20 = 41; tagsByName (1 + 1) x 20 = 40.
    expect(extensionsOf(query, { maxCost: 1 })[0]).toMatchObject({ measured: 81 })
    const inPage = `{ articles(pageSize: 100) { docs { tags { name } } } }`
    // Per item: docs 1 + tags 40 = 41, plus the field: 42 x 100.
    expect(errorsOf(inPage)).toEqual([])
    expect(extensionsOf(inPage, { maxCost: 4199 })[0]).toMatchObject({ measured: 4200 })
  })

  it('when a fragment is spread many times into fragments, then every use is counted, each fragment walked once (2^29 walks would outlast the test)', () => {
    const fragments = Array.from(
      { length: 30 },
      (_, i) => `fragment F${i} on Article { ${i === 29 ? 'title' : `...F${i + 1} ...F${i + 1}`} }`,
    ).join('\n')
    const [problem] = extensionsOf(`{ article(id: "1") { ...F0 } } ${fragments}`)
    expect(problem).toMatchObject({ code: 'QUERY_TOO_COMPLEX', measured: 2 ** 29 + 1 })
  })

  it('when the standard introspection query is sent, then the limits pass it; with introspection off, __schema and __type are refused but __typename is not', () => {
    expect(errorsOf(getIntrospectionQuery())).toEqual([])
    expect(extensionsOf(getIntrospectionQuery(), { introspection: false })).toContainEqual({
      code: 'INTROSPECTION_DISABLED',
    })
    expect(extensionsOf(`{ __type(name: "Article") { name } }`, { introspection: false })).toEqual([
      { code: 'INTROSPECTION_DISABLED' },
    ])
    expect(
      errorsOf(`{ __typename article(id: "1") { __typename } }`, { introspection: false }),
    ).toEqual([])
  })
})
