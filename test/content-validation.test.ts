import { beforeAll, describe, expect, it } from 'vitest'
import { contentSite, defineType, expectStatus } from './content-fixtures.ts'
import type { ContentSite } from './content-fixtures.ts'

/** Contract section 4: data validation, slugs and bad input, through the gateway. */
let site: ContentSite

beforeAll(async () => {
  site = await contentSite()
})

const create = (body: unknown) => site.api('POST', '/api/content', { body })
const pathsOf = (body: { error: { details?: { path: string }[] } }) =>
  (body.error.details ?? []).map((detail) => detail.path).sort()

describe('data validation', () => {
  it('documents: data is validated against its type; errors: validation errors list every problem — when values have the wrong types, then 422 with one detail per field', async () => {
    const response = await expectStatus(
      create({
        type: 'article',
        data: { title: 5, tags: 'one', views: 1.5, featured: 'yes', rich: { type: 'doc' } },
      }),
      422,
    )
    expect(response.body.error.code).toBe('VALIDATION_ERROR')
    expect(pathsOf(response.body)).toEqual([
      'data.featured',
      'data.rich',
      'data.tags',
      'data.title',
      'data.views',
    ])
  })

  it('documents: unknown data keys are rejected — when data has keys the type does not declare, then 422 naming each', async () => {
    const response = await expectStatus(
      create({ type: 'article', data: { title: 't', subtitle: 's', color: 'red' } }),
      422,
    )
    expect(pathsOf(response.body)).toEqual(['data.color', 'data.subtitle'])
  })

  it('documents: data is validated against its type — when a required value is missing or empty, then 422 naming it', async () => {
    expect(pathsOf((await expectStatus(create({ type: 'article', data: {} }), 422)).body)).toEqual([
      'data.title',
    ])
    expect(
      pathsOf((await expectStatus(create({ type: 'article', data: { title: '  ' } }), 422)).body),
    ).toEqual(['data.title'])
  })

  it('when the type is unknown or missing, or data is not an object, then 422', async () => {
    expect(
      pathsOf((await expectStatus(create({ type: 'nope', data: { title: 't' } }), 422)).body),
    ).toEqual(['type'])
    expect(pathsOf((await expectStatus(create({ data: { title: 't' } }), 422)).body)).toEqual([
      'type',
    ])
    expect(
      pathsOf((await expectStatus(create({ type: 'article', data: ['t'] }), 422)).body),
    ).toEqual(['data'])
  })

  it('when the body has members other than type, data and slug, then 422 naming them', async () => {
    const response = await expectStatus(
      create({ type: 'article', data: { title: 't' }, status: 'published', id: 'x' }),
      422,
    )
    expect(pathsOf(response.body)).toEqual(['id', 'status'])
  })

  it('errors: malformed JSON is 422; errors: a body that is not JSON is 415 — when the body is malformed JSON, not JSON, or not an object, then 422, 415 and 422', async () => {
    await expectStatus(site.api('POST', '/api/content', { rawBody: '{"type": "article",' }), 422)
    await expectStatus(
      site.api('POST', '/api/content', {
        rawBody: 'type=article',
        headers: { 'content-type': 'text/plain' },
      }),
      415,
    )
    await expectStatus(create(['article']), 422)
  })

  it('documents: the merged data is validated — when a patch leaves the merged data invalid, then 422 and nothing changes', async () => {
    const document = await site.createArticle({ title: 'Keep me' })
    await expectStatus(
      site.api('PATCH', `/api/content/${document.id}`, { body: { data: { title: null } } }),
      422,
    )
    await expectStatus(
      site.api('PATCH', `/api/content/${document.id}`, { body: { data: { views: 'many' } } }),
      422,
    )
    await expectStatus(
      site.api('PATCH', `/api/content/${document.id}`, { body: { data: { unknown: 1 } } }),
      422,
    )
    await expectStatus(
      site.api('PATCH', `/api/content/${document.id}`, { body: { title: 'x' } }),
      422,
    )
    const after = await expectStatus(site.api('GET', `/api/content/${document.id}?draft=true`), 200)
    expect(after.body).toEqual(document)
  })

  it('when a __proto__ key is sent in data, then it is refused as an unknown field and nothing is polluted', async () => {
    const response = await expectStatus(
      site.api('POST', '/api/content', {
        rawBody: '{"type":"article","data":{"title":"t","__proto__":{"isAdmin":true}}}',
      }),
      422,
    )
    expect(response.body.error.details).toHaveLength(1)
  })

  it('types: a change applies to the next write — when the content type changes, then the next write is validated against the new definition', async () => {
    await defineType(site.api, { name: 'note', fields: [{ name: 'text', type: 'text' }] })
    const note = (await expectStatus(create({ type: 'note', data: { text: 'a' } }), 201)).body
    await expectStatus(
      site.api('PATCH', '/api/content-types/note', {
        body: {
          fields: [
            { name: 'text', type: 'text' },
            { name: 'mood', type: 'text', required: true },
          ],
        },
      }),
      200,
    )
    await expectStatus(
      site.api('PATCH', `/api/content/${note.id}`, { body: { data: { text: 'b' } } }),
      422,
    )
    await expectStatus(
      site.api('PATCH', `/api/content/${note.id}`, { body: { data: { mood: 'happy' } } }),
      200,
    )
  })
})

describe('lists after a type change', () => {
  it('when a type gains a field, then a list filtering on it works at once, although list queries cache types', async () => {
    await defineType(site.api, { name: 'shelf', fields: [{ name: 'label', type: 'text' }] })
    const shelf = (await expectStatus(create({ type: 'shelf', data: { label: 'a' } }), 201)).body
    await expectStatus(site.api('POST', `/api/content/${shelf.id}/publish`), 200)
    await expectStatus(site.readApi('GET', '/api/content?filters[data.label][$eq]=a'), 200)
    await expectStatus(site.readApi('GET', '/api/content?filters[data.color][$eq]=red'), 422)
    await expectStatus(
      site.api('PATCH', '/api/content-types/shelf', {
        body: {
          fields: [
            { name: 'label', type: 'text' },
            { name: 'color', type: 'text' },
          ],
        },
      }),
      200,
    )
    const list = await expectStatus(
      site.readApi('GET', '/api/content?filters[data.color][$null]=true'),
      200,
    )
    expect(list.body.docs.map((doc: { id: string }) => doc.id)).toEqual([shelf.id])
  })
})

describe('merge patch', () => {
  it('documents: PATCH merges data one level deep — when a patch sends some keys and null for another, then those keys are replaced, the null one removed, the rest kept', async () => {
    const document = await site.createArticle({
      title: 'Merge',
      body: 'old',
      tags: ['a'],
      views: 1,
    })
    const response = await expectStatus(
      site.api('PATCH', `/api/content/${document.id}`, {
        body: { data: { body: 'new', tags: null, featured: true } },
      }),
      200,
    )
    expect(response.body.data).toEqual({ title: 'Merge', body: 'new', views: 1, featured: true })
  })
})

describe('slugs', () => {
  it('slug: accents folded — when a title has accents and letters without one, then the slug is lower-case ASCII', async () => {
    expect((await site.createArticle({ title: 'Ünïcödé  &  Çafé -- 2024' })).slug).toBe(
      'unicode-cafe-2024',
    )
    expect((await site.createArticle({ title: 'Größe Øre Łódź' })).slug).toBe('grosse-ore-lodz')
  })

  it('slug: other characters become one dash — when a title holds symbols, spaces and dashes, then each run is one dash and none is spelled out', async () => {
    expect((await site.createArticle({ title: 'Rock & Roll' })).slug).toBe('rock-roll')
    expect((await site.createArticle({ title: '  Ça & Über: Größe!! ' })).slug).toBe(
      'ca-uber-grosse',
    )
    expect((await site.createArticle({ title: '100% -- $5 <b>|a_b.c/d' })).slug).toBe(
      '100-5-b-a-b-c-d',
    )
  })

  it('slug: from slugField, else titleField, else the id — when a type has no slugField, then the slug comes from its titleField', async () => {
    await defineType(site.api, {
      name: 'titled',
      titleField: 'headline',
      fields: [
        { name: 'headline', type: 'text' },
        { name: 'note', type: 'text' },
      ],
    })
    const document = (
      await expectStatus(
        create({ type: 'titled', data: { headline: 'Only A Title', note: 'n' } }),
        201,
      )
    ).body
    expect(document.slug).toBe('only-a-title')
  })

  it('slug: from slugField, else titleField, else the id — when the slug field has a value, then it wins over the title', async () => {
    expect((await site.createArticle({ title: 'Title words', slug: 'Custom Words' })).slug).toBe(
      'custom-words',
    )
  })

  it('slug: from slugField, else titleField, else the id — when neither slug field nor title gives a slug, then the id is the slug', async () => {
    await defineType(site.api, { name: 'blank', fields: [{ name: 'n', type: 'integer' }] })
    const document = (await expectStatus(create({ type: 'blank', data: { n: 1 } }), 201)).body
    expect(document.slug).toBe(document.id)
  })

  it('slug: at most 96 characters — when a title is very long, then the slug is cut to 96 characters, never ending in a dash', async () => {
    const title = 'word '.repeat(40)
    const slug = (await site.createArticle({ title })).slug as string
    expect(slug).toHaveLength(96)
    expect(slug).toBe(title.trim().replaceAll(' ', '-').slice(0, 96))
    const edge = (await site.createArticle({ title: `${'a'.repeat(95)} bcd` })).slug as string
    expect(edge).toBe('a'.repeat(95))
  })

  it('slug: clashes get -2, -3; slug: unique per website and type — when titles clash within a type, then the later documents get -2 and -3; another type or website may reuse it', async () => {
    const slugs = []
    for (let i = 0; i < 3; i++) slugs.push((await site.createArticle({ title: 'Same Title' })).slug)
    expect(slugs).toEqual(['same-title', 'same-title-2', 'same-title-3'])
    await defineType(site.api, {
      name: 'page',
      titleField: 'title',
      fields: [{ name: 'title', type: 'text' }],
    })
    expect(
      (await expectStatus(create({ type: 'page', data: { title: 'Same Title' } }), 201)).body.slug,
    ).toBe('same-title')
    const other = await contentSite()
    expect((await other.createArticle({ title: 'Same Title' })).slug).toBe('same-title')
  })

  it('slug: a client may send one — when a client sends a valid free slug, then it is used; a taken one is 409; a malformed one is 422', async () => {
    expect((await site.createArticle({ title: 'x' }, { slug: 'chosen-slug' })).slug).toBe(
      'chosen-slug',
    )
    const taken = await expectStatus(
      create({ type: 'article', data: { title: 'y' }, slug: 'chosen-slug' }),
      409,
    )
    expect(taken.body.error.code).toBe('CONFLICT')
    for (const bad of ['Upper', 'two  spaces', 'trailing-', 'a--b', 'ünï', '', 'a'.repeat(97)]) {
      const response = await expectStatus(
        create({ type: 'article', data: { title: 'z' }, slug: bad }),
        422,
      )
      expect(pathsOf(response.body)).toEqual(['slug'])
    }
    await expectStatus(create({ type: 'article', data: { title: 'z' }, slug: 42 }), 422)
  })

  it('slug: stable on PATCH — when the title changes in a patch, then the slug stays; when a slug is sent, it changes and the old one is free', async () => {
    const document = await site.createArticle({ title: 'Stable URL' })
    const retitled = await expectStatus(
      site.api('PATCH', `/api/content/${document.id}`, { body: { data: { title: 'New title' } } }),
      200,
    )
    expect(retitled.body.slug).toBe('stable-url')
    const reslugged = await expectStatus(
      site.api('PATCH', `/api/content/${document.id}`, { body: { slug: 'new-url' } }),
      200,
    )
    expect(reslugged.body.slug).toBe('new-url')
    await expectStatus(site.api('GET', `/api/content/by-slug/article/new-url?draft=true`), 200)
    await expectStatus(site.api('GET', `/api/content/by-slug/article/stable-url?draft=true`), 404)
    expect((await site.createArticle({ title: 'Stable URL' })).slug).toBe('stable-url')
  })

  it('slug: a client may send one — when a patch sends a slug another document holds, then 409 and nothing changes; sending its own slug is fine', async () => {
    const first = await site.createArticle({ title: 'Holder' })
    const second = await site.createArticle({ title: 'Wanter' })
    await expectStatus(
      site.api('PATCH', `/api/content/${second.id}`, { body: { slug: first.slug } }),
      409,
    )
    await expectStatus(
      site.api('PATCH', `/api/content/${second.id}`, { body: { slug: 'Bad Slug' } }),
      422,
    )
    expect(
      (await expectStatus(site.api('GET', `/api/content/${second.id}?draft=true`), 200)).body
        .version,
    ).toBe(1)
    await expectStatus(
      site.api('PATCH', `/api/content/${second.id}`, { body: { slug: second.slug } }),
      200,
    )
  })
})

describe('ids and routes', () => {
  it('documents: a malformed id is 404 — when an id is malformed or unknown, then every document route answers 404', async () => {
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', '%24where']) {
      await expectStatus(site.api('GET', `/api/content/${id}?draft=true`), 404)
      await expectStatus(site.api('PATCH', `/api/content/${id}`, { body: { data: {} } }), 404)
      await expectStatus(site.api('DELETE', `/api/content/${id}`), 404)
      await expectStatus(site.api('POST', `/api/content/${id}/publish`), 404)
      await expectStatus(site.api('GET', `/api/content/${id}/versions`), 404)
      await expectStatus(site.api('POST', `/api/content/${id}/restore/1`), 404)
    }
  })

  it('when a version id is malformed or names another document, then restore is 404', async () => {
    const document = await site.createArticle({ title: 'Restore target' })
    const other = await site.createArticle({ title: 'Other doc' })
    for (const versionId of ['abc', '0', '9', `${other.id}:1`]) {
      await expectStatus(site.api('POST', `/api/content/${document.id}/restore/${versionId}`), 404)
    }
  })

  it('when draft is neither true nor false, then 422', async () => {
    const document = await site.createArticle({ title: 'Draft flag' })
    await expectStatus(site.api('GET', `/api/content/${document.id}?draft=yes`), 422)
  })
})
