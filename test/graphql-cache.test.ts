import qs from 'qs'
import { beforeAll, describe, expect, it } from 'vitest'
import { tagsOfEntryEvent, tagsOfHeader } from '@cms/contract'
import type { ApiResponse } from '@cms/testkit'
import { expectStatus } from './content-fixtures.ts'
import { graphql } from './graphql-kit.ts'
import type { GraphqlAnswer } from './graphql-kit.ts'
import { graphqlWorld } from './graphql-world.ts'
import type { GraphqlWorld } from './graphql-world.ts'

/**
 * A GraphQL query of published content read by GET is shared by a CDN as a published REST read
 * is, tagged with the union of the tags of the REST answers it was made from.
 */
const SHARED = 'public, s-maxage=300, stale-while-revalidate=60'
const NEVER = 'private, no-store'

const LIST_QUERY = `query ($person: ID!) {
  blogArticleList(sort: ["title"], pageSize: 20) { docs { id data { title author { data { name } } } } }
  person(id: $person) { data { name } } }`

const tagsOf = (answer: GraphqlAnswer | ApiResponse): Set<string> =>
  new Set(tagsOfHeader(answer.headers.get('surrogate-key') ?? ''))

const restRead = (w: GraphqlWorld, path: string, query: object) =>
  expectStatus(
    w.site.readApi('GET', `${path}?${qs.stringify(query, { encodeValuesOnly: true })}`),
    200,
  )

describe('GraphQL answers and CDNs', () => {
  let w: GraphqlWorld
  beforeAll(async () => {
    w = await graphqlWorld(3)
  }, 240_000)

  it('graphql: a published query is shared by CDNs like a REST read — when a list with a populated relation and a document are read by GET, then the answer is public per key and tagged with the union of the tags of the REST answers behind it', async () => {
    const answer = await graphql(w.site.readKey, LIST_QUERY, {
      method: 'GET',
      variables: { person: w.people[0] },
    })
    expect(answer.status).toBe(200)
    expect(answer.body.errors).toBeUndefined()
    expect(answer.body.data.blogArticleList.docs).toHaveLength(3)
    expect(answer.headers.get('cache-control')).toBe(SHARED)
    expect(answer.headers.get('vary')).toBe('x-api-key, Authorization')

    const list = await restRead(w, '/api/content', {
      type: 'blog-article',
      sort: 'title',
      limit: 20,
      populate: { author: true },
    })
    const person = await restRead(w, `/api/content/${w.people[0]}`, {})
    const union = new Set([...tagsOf(list), ...tagsOf(person)])
    const tags = tagsOf(answer)
    expect([...tags].sort()).toEqual([...union].sort())
    expect(tags).toContain(`d-${w.people[0]}`)
    expect(answer.headers.get('cache-tag')!.split(',').sort()).toEqual([...union].sort())
  })

  it('graphql: a published query is shared by CDNs like a REST read — when a query asks for drafts, is a mutation, is sent by POST or answers an error, then the answer is private, no-store and names no tags', async () => {
    const query = '{ blogArticleList(sort: ["title"]) { docs { id } } }'
    const answers = {
      draft: await graphql(w.site.adminKey, '{ blogArticleList(draft: true) { totalDocs } }', {
        method: 'GET',
      }),
      mutation: await graphql(w.site.adminKey, 'mutation { createTag(data: {label: "x"}) { id } }'),
      post: await graphql(w.site.readKey, query),
      error: await graphql(w.site.readKey, '{ createdNowhere }', { method: 'GET' }),
      missing: await graphql(w.site.readKey, `{ person(id: "${w.tags[0]}") { id } }`, {
        method: 'GET',
      }),
    }
    expect(answers.post.body.data.blogArticleList.docs).toHaveLength(3)
    expect(answers.draft.body.data.blogArticleList.totalDocs).toBe(3)
    expect(answers.mutation.body.data.createTag.id).toEqual(expect.any(String))
    for (const [name, answer] of Object.entries(answers)) {
      expect({ name, cacheControl: answer.headers.get('cache-control') }).toEqual({
        name,
        cacheControl: NEVER,
      })
      expect(answer.headers.get('surrogate-key')).toBeNull()
      expect(answer.headers.get('cache-tag')).toBeNull()
    }
  })

  it('graphql: a published query is shared by CDNs like a REST read — when an article or a populated author changes, then the purge tags of the change meet the answer tags', async () => {
    const answer = await graphql(w.site.readKey, LIST_QUERY, {
      method: 'GET',
      variables: { person: w.people[0] },
    })
    const tags = tagsOf(answer)
    const [article] = answer.body.data.blogArticleList.docs
    const purged = (contentType: string, id: string) =>
      tagsOfEntryEvent({ websiteId: w.site.websiteId, contentType, document: { id } }).filter(
        (tag) => tags.has(tag),
      )
    expect(purged('blog-article', article.id)).not.toEqual([])
    // Every author is shown only through the populated relation but the one read by id.
    for (const person of w.people) expect(purged('person', person)).not.toEqual([])
    // A new article changes the list: its list tag is in the answer.
    expect(purged('blog-article', 'new-article-id')).toEqual([`l-${w.site.websiteId}-blog-article`])
  })
})
