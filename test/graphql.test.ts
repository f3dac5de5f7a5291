import { randomUUID } from 'node:crypto'
import qs from 'qs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '@cms/testkit'
import { expectStatus, tapEntryEvents } from './content-fixtures.ts'
import type { EventTap } from './content-fixtures.ts'
import { graphql } from './graphql-kit.ts'
import { articleData, created, graphqlWorld } from './graphql-world.ts'
import type { GraphqlWorld } from './graphql-world.ts'
import { createRole, issueKey } from './permissions-kit.ts'

const ARTICLE_FIELDS = `id slug status version data { title views author { id data { name } } tags { data { label } }
  body { __typename ... on HeroComponent { heading image { id url } } ... on QuoteComponent { text by { data { name } } } } }`

describe('GraphQL: queries, mutations, errors, permissions', () => {
  let w: GraphqlWorld
  let events: EventTap
  beforeAll(async () => {
    w = await graphqlWorld(3)
    events = await tapEntryEvents(w.site.websiteId)
  }, 180_000)
  afterAll(async () => {
    await events?.close()
  })

  it('graphql: GraphQL over HTTP at /api/graphql — when the same query is sent by POST and by GET, then both answer the same data; when a mutation is sent by GET, then 405 and nothing is written', async () => {
    const query = '{ blogArticleList(sort: ["title"]) { totalDocs docs { data { title } } } }'
    const posted = await graphql(w.site.readKey, query)
    const got = await graphql(w.site.readKey, query, { method: 'GET' })
    expect(posted.status).toBe(200)
    expect(got.status).toBe(200)
    expect(got.body).toEqual(posted.body)
    expect(posted.body.data.blogArticleList.totalDocs).toBe(3)
    const mutation = 'mutation { createPerson(data: {name: "Via GET"}) { id } }'
    const refused = await graphql(w.site.adminKey, mutation, { method: 'GET' })
    expect(refused.status).toBe(405)
    const people = await w.site.api('GET', '/api/content?type=person&draft=true')
    expect(people.body.docs.map((doc: any) => doc.data.name)).not.toContain('Via GET')
    const anonymous = await fetch(new URL('/api/graphql', process.env.CMS_TEST_GATEWAY_URL), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    })
    expect(anonymous.status).toBe(401)
  })

  it("graphql: a type's queries — when an article is read by id, by slug and in a list with a filter, sort and page, then each answers what the REST read answers, the list with REST's envelope", async () => {
    const rest = await expectStatus(
      w.site.readApi(
        'GET',
        `/api/content?${qs.stringify({ type: 'blog-article', filters: { $or: [{ views: { $gte: 30 } }, { title: { $contains: 'e 01' } }] }, sort: '-views', page: 1, limit: 1 }, { encodeValuesOnly: true })}`,
      ),
      200,
    )
    const list = await graphql(
      w.site.readKey,
      `
        query ($filter: JSON) {
          blogArticleList(filter: $filter, sort: ["-views"], page: 1, pageSize: 1) {
            totalDocs
            limit
            totalPages
            page
            hasNextPage
            hasPrevPage
            nextPage
            prevPage
            docs {
              id
              slug
              data {
                title
                views
              }
            }
          }
        }
      `,
      {
        variables: { filter: { $or: [{ views: { $gte: 30 } }, { title: { $contains: 'e 01' } }] } },
      },
    )
    expect(list.body.errors).toBeUndefined()
    const { docs, ...envelope } = list.body.data.blogArticleList
    const { docs: restDocs, ...restEnvelope } = rest.body
    expect(envelope).toEqual(restEnvelope)
    expect(envelope.totalDocs).toBe(2)
    expect(docs).toEqual(
      restDocs.map((doc: any) => ({
        id: doc.id,
        slug: doc.slug,
        data: { title: doc.data.title, views: doc.data.views },
      })),
    )
    const [first] = docs
    const one = await graphql(
      w.site.readKey,
      `query ($id: ID!, $slug: String!) { blogArticle(id: $id) { id data { title } } blogArticleBySlug(slug: $slug) { id } missing: blogArticle(id: "${randomUUID()}") { id } }`,
      { variables: { id: first.id, slug: first.slug } },
    )
    expect(one.body).toEqual({
      data: {
        blogArticle: { id: first.id, data: { title: first.data.title } },
        blogArticleBySlug: { id: first.id },
        missing: null,
      },
    })
    // A relation's field filters as in REST.
    const byAuthor = await graphql(
      w.site.readKey,
      'query ($f: JSON) { blogArticleList(filter: $f) { totalDocs } }',
      { variables: { f: { author: { name: { $eq: 'Bob' } } } } },
    )
    expect(byAuthor.body.data.blogArticleList.totalDocs).toBe(1)
  })

  it('graphql: relations, media and blocks resolve — when an article is read with its author, tags and blocks, then they are documents, media files and components named by __typename', async () => {
    const answer = await graphql(
      w.site.readKey,
      `{ blogArticleList(sort: ["title"], pageSize: 1) { docs { ${ARTICLE_FIELDS} } } }`,
    )
    expect(answer.body.errors).toBeUndefined()
    const [article] = answer.body.data.blogArticleList.docs
    expect(article.data).toEqual({
      title: 'Article 01',
      views: 10,
      author: { id: w.people[1], data: { name: 'Bob' } },
      tags: [{ data: { label: 'tech' } }, { data: { label: 'all' } }],
      body: [
        {
          __typename: 'HeroComponent',
          heading: 'Hero 1',
          image: { id: w.image, url: expect.stringContaining(w.image) },
        },
        { __typename: 'QuoteComponent', text: 'Quote 1', by: { data: { name: 'Cyd' } } },
      ],
    })
  })

  it('graphql: mutations are the REST writes — when an article is created, updated with its expected version, published, unpublished and deleted, then each answers as REST does, a stale version is PRECONDITION_FAILED, and the events and audit entries are the ones REST leaves', async () => {
    const create = await graphql(
      w.site.adminKey,
      `mutation ($data: JSON!) { createBlogArticle(data: $data) { ${ARTICLE_FIELDS} } }`,
      { variables: { data: articleData(w, 7) } },
    )
    expect(create.body.errors).toBeUndefined()
    const doc = create.body.data.createBlogArticle
    expect(doc).toMatchObject({
      status: 'draft',
      version: 1,
      data: { title: 'Article 07', author: { data: { name: 'Bob' } } },
    })
    const update = await graphql(
      w.site.adminKey,
      'mutation ($id: ID!) { updateBlogArticle(id: $id, expectedVersion: 1, data: {views: 71}) { version data { views } } }',
      { variables: { id: doc.id } },
    )
    expect(update.body.data.updateBlogArticle).toEqual({ version: 2, data: { views: 71 } })
    const stale = await graphql(
      w.site.adminKey,
      'mutation ($id: ID!) { publishBlogArticle(id: $id, expectedVersion: 1) { version } }',
      { variables: { id: doc.id } },
    )
    expect(stale.body.errors[0]).toMatchObject({
      path: ['publishBlogArticle'],
      extensions: { code: 'PRECONDITION_FAILED' },
    })
    const lifecycle = await graphql(
      w.site.adminKey,
      `
        mutation ($id: ID!) {
          p: publishBlogArticle(id: $id, expectedVersion: 2) {
            status
            version
          }
          u: unpublishBlogArticle(id: $id) {
            status
            publishedAt
          }
        }
      `,
      { variables: { id: doc.id } },
    )
    expect(lifecycle.body.data).toEqual({
      p: { status: 'published', version: 3 },
      u: { status: 'draft', publishedAt: null },
    })
    const removed = await graphql(
      w.site.adminKey,
      'mutation ($id: ID!) { deleteBlogArticle(id: $id) }',
      { variables: { id: doc.id } },
    )
    expect(removed.body.data).toEqual({ deleteBlogArticle: doc.id })
    await expectStatus(w.site.api('GET', `/api/content/${doc.id}?draft=true`), 404)
    const seen = await events.settle(doc.id, 5)
    expect(seen.map((event) => event.event)).toEqual([
      'entry.create',
      'entry.update',
      'entry.publish',
      'entry.unpublish',
      'entry.delete',
    ])
    const audit = await expectStatus(
      w.site.api('GET', `/api/audit?target=${doc.id}&order=asc&limit=100`),
      200,
    )
    expect(audit.body.docs.map((entry: any) => entry.action)).toEqual([
      'document.create',
      'document.update',
      'document.publish',
      'document.unpublish',
      'document.delete',
    ])
    for (const entry of audit.body.docs)
      expect(entry.actor).toMatchObject({ kind: 'key', id: w.site.adminKeyId })
  })

  it("graphql: errors carry the API's codes — when a mutation's data is invalid, names no document or the key may not make it, then errors[].extensions have the REST code and the REST details' paths, and other fields still answer", async () => {
    const invalid = await graphql(
      w.site.adminKey,
      'mutation { createBlogArticle(data: {title: 3, nope: 1}) { id } }',
    )
    expect(invalid.status).toBe(200)
    expect(invalid.body.errors).toEqual([
      expect.objectContaining({
        path: ['createBlogArticle'],
        extensions: {
          code: 'VALIDATION_ERROR',
          details: [
            { path: 'data.nope', message: expect.any(String) },
            { path: 'data.title', message: 'must be a string' },
          ],
        },
      }),
    ])
    const missing = await graphql(
      w.site.adminKey,
      `mutation { updateBlogArticle(id: "${randomUUID()}", data: {views: 1}) { id } }`,
    )
    expect(missing.body.errors[0].extensions.code).toBe('NOT_FOUND')
    // An article's mutation does not reach a person.
    const person = await graphql(
      w.site.adminKey,
      `mutation { deleteBlogArticle(id: "${w.people[0]}") }`,
    )
    expect(person.body.errors[0].extensions.code).toBe('NOT_FOUND')
    await expectStatus(w.site.api('GET', `/api/content/${w.people[0]}`), 200)
    const badFilter = await graphql(
      w.site.readKey,
      'query ($f: JSON) { blogArticleList(filter: $f) { totalDocs } locales }',
      { variables: { f: { nope: { $eq: 1 } } } },
    )
    expect(badFilter.body.errors[0].extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [expect.objectContaining({ path: expect.stringContaining('nope') })],
    })
    expect(badFilter.body.data).toEqual({ blogArticleList: null, locales: ['en', 'fr'] })
    const unknownField = await graphql(w.site.readKey, '{ blogArticleList { nope } }')
    expect(unknownField.body.errors[0].extensions.code).toBe('VALIDATION_ERROR')
  })

  it('graphql: drafts and locales as REST reads them — when a draft is read with draft: true by a key with readDrafts, then it is seen, a read key has no draft argument; when a page is read with locale fr, then the French value comes back', async () => {
    const draft = await created(w.site.api, 'person', { name: 'Draft Dee' }, false)
    const query = `{ person(id: "${draft}", draft: true) { status data { name } } }`
    expect((await graphql(w.site.adminKey, query)).body.data.person).toEqual({
      status: 'draft',
      data: { name: 'Draft Dee' },
    })
    const refused = await graphql(w.site.readKey, query)
    expect(refused.body.errors[0].extensions.code).toBe('VALIDATION_ERROR')
    expect(refused.body.errors[0].message).toContain('draft')
    const hidden = await graphql(w.site.readKey, `{ person(id: "${draft}") { id } }`)
    expect(hidden.body).toEqual({ data: { person: null } })
    const page = await expectStatus(
      w.site.api('POST', '/api/content?locale=en', {
        body: { type: 'page', data: { title: 'Hello' } },
      }),
      201,
    )
    await expectStatus(
      w.site.api('PATCH', `/api/content/${page.body.id}?locale=fr`, {
        body: { data: { title: 'Bonjour' } },
      }),
      200,
    )
    const read = await graphql(
      w.site.adminKey,
      `{ en: page(id: "${page.body.id}", draft: true) { data { title } } fr: page(id: "${page.body.id}", draft: true, locale: "fr") { data { title } } }`,
    )
    expect(read.body.data).toEqual({
      en: { data: { title: 'Hello' } },
      fr: { data: { title: 'Bonjour' } },
    })
    const every = await graphql(
      w.site.adminKey,
      `{ page(id: "${page.body.id}", locale: "*") { id } }`,
    )
    expect(every.body.errors[0].extensions.code).toBe('VALIDATION_ERROR')
  })

  it("graphql: the schema shows what the key may use — when keys of other roles introspect, then a key reading people only sees Person and no mutation, an author's mutations are create and update, and a type it may not read cannot be asked for", async () => {
    await createRole(w.site.websiteId, 'people-reader', { read: ['person'] })
    const peopleOnly = await issueKey(w.site.websiteId, { role: 'people-reader' })
    const author = await issueKey(w.site.websiteId, { role: 'author' })
    const introspect = `{ __schema { mutationType { fields { name } } queryType { fields { name } } types { name } } }`
    const seen = (await graphql(peopleOnly.key, introspect)).body.data.__schema
    expect(seen.mutationType).toBeNull()
    expect(seen.queryType.fields.map((f: any) => f.name).sort()).toEqual([
      'locales',
      'person',
      'personBySlug',
      'personList',
    ])
    expect(seen.types.map((t: any) => t.name)).not.toContain('BlogArticle')
    const asked = await graphql(peopleOnly.key, `{ blogArticle(id: "${w.people[0]}") { id } }`)
    expect(asked.body.errors[0].extensions.code).toBe('VALIDATION_ERROR')
    const mutations = (await graphql(author.key, introspect)).body.data.__schema.mutationType.fields
    expect(
      mutations
        .map((f: any) => f.name)
        .filter((name: string) => name.endsWith('Person'))
        .sort(),
    ).toEqual(['createPerson', 'updatePerson'])
    const readKey = (await graphql(w.site.readKey, introspect)).body.data.__schema
    expect(readKey.mutationType).toBeNull()
  })

  it('graphql: a type change is seen at once — when a field is added to a type, then the next query may ask for it, with no restart', async () => {
    const before = await graphql(w.site.readKey, '{ personList { docs { data { name } } } }')
    expect(before.body.errors).toBeUndefined()
    await expectStatus(
      w.site.api('PATCH', '/api/content-types/person', {
        body: {
          fields: [
            { name: 'name', type: 'text' },
            { name: 'bio', type: 'textarea' },
          ],
        },
      }),
      200,
    )
    const after = await graphql(w.site.readKey, '{ personList { docs { data { name bio } } } }')
    expect(after.body.errors).toBeUndefined()
    expect(after.body.data.personList.docs[0].data).toHaveProperty('bio')
  })

  it("graphql: mutations are the REST writes — when a published document is read by REST, changed by a GraphQL mutation and read again, then REST answers the change, not the gateway's cached read", async () => {
    const id = await created(w.site.api, 'tag', { label: 'before' })
    const path = `/api/content/${id}`
    expect((await expectStatus(w.site.readApi('GET', path), 200)).body.data.label).toBe('before')
    expect((await expectStatus(w.site.readApi('GET', path), 200)).body.data.label).toBe('before')
    const changed = await graphql(
      w.site.adminKey,
      `mutation { updateTag(id: "${id}", data: {label: "after"}) { version } }`,
    )
    expect(changed.body.errors).toBeUndefined()
    expect((await expectStatus(w.site.readApi('GET', path), 200)).body.data.label).toBe('after')
  })

  it('graphql: a type change is seen at once — when a field is removed from a type, then the schema drops it once the change is announced, though its cached schema would still accept it', async () => {
    const query = '{ tagList { docs { data { label note } } } }'
    await expectStatus(
      w.site.api('PATCH', '/api/content-types/tag', {
        body: {
          fields: [
            { name: 'label', type: 'text' },
            { name: 'note', type: 'text' },
          ],
        },
      }),
      200,
    )
    expect((await graphql(w.site.readKey, query)).body.errors).toBeUndefined()
    await expectStatus(
      w.site.api('PATCH', '/api/content-types/tag', {
        body: { fields: [{ name: 'label', type: 'text' }] },
      }),
      200,
    )
    const refused = await waitFor(
      async () => {
        const answer = await graphql(w.site.readKey, query)
        return answer.body.errors ? answer : undefined
      },
      { what: 'the removed field refused' },
    )
    expect(refused.body.errors[0]).toMatchObject({ extensions: { code: 'VALIDATION_ERROR' } })
    expect(refused.body.errors[0].message).toContain('note')
  })

  it('graphql: Idempotency-Key applies to the request — when a mutation is sent twice with one key, then one document is made and the second answer is the first, replayed', async () => {
    const key = randomUUID()
    const send = () =>
      graphql(w.site.adminKey, 'mutation { createTag(data: {label: "once"}) { id } }', {
        headers: { 'idempotency-key': key },
      })
    const first = await send()
    const second = await send()
    expect(second.body).toEqual(first.body)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    const tags = await w.site.api('GET', '/api/content?type=tag&draft=true&filters[label]=once')
    expect(tags.body.totalDocs).toBe(1)
  })
})
