import qs from 'qs'
import { beforeAll, describe, expect, it } from 'vitest'
import { fewestCommands, metricsUrlOf, storageCommands } from '@cms/testkit'
import { expectStatus } from './content-fixtures.ts'
import { graphql } from './graphql-kit.ts'
import { graphqlWorld } from './graphql-world.ts'
import type { GraphqlWorld } from './graphql-world.ts'

/** The storage commands the content read pool has sent answering requests, so far. */
const readPoolCommands = () => storageCommands(metricsUrlOf('content-read'))

/** The page, its count, the release marker (docs/releases.md), then author, tags, body.image and body.by: one read each. */
const PAGE_COMMANDS = 3 + 4
const counted = <T>(run: () => Promise<T>, atMost = PAGE_COMMANDS) =>
  fewestCommands(readPoolCommands, run, atMost)

/** The issue's page, lean enough for the default cost limit (docs/graphql.md, "Limits"). */
const PAGE_QUERY = `query ($draft: Boolean) { blogArticleList(sort: ["title"], pageSize: 20, draft: $draft) { totalDocs docs {
  data { title author { data { name } } tags { data { label } }
    body { __typename ... on HeroComponent { image { url } } ... on QuoteComponent { by { data { name } } } } } } } }`

const REST_POPULATE = {
  author: true,
  tags: true,
  body: { populate: { image: true, by: true } },
}

describe('GraphQL population', () => {
  let w: GraphqlWorld
  beforeAll(async () => {
    w = await graphqlWorld(20)
  }, 240_000)

  it('graphql: a page costs what its REST populate costs — when 20 articles are read with their author, tags and a blocks field with images and quotes by people, then the read pool runs the storage commands of the REST list with the same populate, and both answer the same documents', async () => {
    // draft=true: neither answer comes from the gateway's read cache.
    const rest = await counted(() =>
      expectStatus(
        w.site.api(
          'GET',
          `/api/content?${qs.stringify({ type: 'blog-article', sort: 'title', limit: 20, draft: true, populate: REST_POPULATE }, { encodeValuesOnly: true })}`,
        ),
        200,
      ),
    )
    const gql = await counted(() =>
      graphql(w.site.adminKey, PAGE_QUERY, { variables: { draft: true } }),
    )
    // Again, once its schema is cached.
    const warm = await counted(() =>
      graphql(w.site.adminKey, PAGE_QUERY, { variables: { draft: true } }),
    )
    console.info(
      `[graphql-population] read pool storage commands for 20 populated articles: REST ${rest.commands}, GraphQL ${gql.commands} (first call, schema built), ${warm.commands} (schema cached)`,
    )
    expect(gql.answer.body.errors, JSON.stringify(gql.answer.body.errors)).toBeUndefined()
    const docs = gql.answer.body.data.blogArticleList.docs
    expect(docs).toHaveLength(20)
    expect(rest.commands).toBe(PAGE_COMMANDS)
    expect(gql.commands).toBe(rest.commands)
    expect(warm.commands).toBe(rest.commands)
    expect(docs).toEqual(
      rest.answer.body.docs.map((doc: any) => ({
        data: {
          title: doc.data.title,
          author: { data: { name: doc.data.author.data.name } },
          tags: doc.data.tags.map((tag: any) => ({ data: { label: tag.data.label } })),
          body: doc.data.body.map((block: any) =>
            block.__component === 'hero'
              ? { __typename: 'HeroComponent', image: { url: block.image.url } }
              : { __typename: 'QuoteComponent', by: { data: { name: block.by.data.name } } },
          ),
        },
      })),
    )
  })

  it('graphql: lookups populate cannot reach are batched — when three root fields each read an article and a mutation answers a document whose author it selects, then the relations are read by one list call each, not one per document', async () => {
    const list = await graphql(
      w.site.adminKey,
      '{ blogArticleList(pageSize: 3, sort: ["title"]) { docs { id } } }',
    )
    const ids: string[] = list.body.data.blogArticleList.docs.map((doc: { id: string }) => doc.id)
    const query = `{ ${ids.map((id, i) => `a${i}: blogArticle(id: "${id}") { data { author { data { name } } } }`).join(' ')} }`
    // Each get populates its author itself: one read for the document, one for its author and
    // one of the release marker (docs/releases.md).
    const three = await counted(() => graphql(w.site.adminKey, query), ids.length * 3)
    expect(three.answer.body.errors).toBeUndefined()
    expect(three.commands).toBe(ids.length * 3)
    // The author and both tags: one batched list call (the list, its count, the release marker).
    const made = await counted(
      () =>
        graphql(
          w.site.adminKey,
          `mutation { a: createBlogArticle(data: {title: "M1", author: "${w.people[0]}", tags: ["${w.tags[0]}", "${w.tags[1]}"]}) { data { author { data { name } } tags { data { label } } } } }`,
        ),
      3,
    )
    expect(made.answer.body.data.a.data).toEqual({
      author: { data: { name: 'Ann' } },
      tags: [{ data: { label: 'news' } }, { data: { label: 'tech' } }],
    })
    expect(made.commands).toBe(3)
  })
})
