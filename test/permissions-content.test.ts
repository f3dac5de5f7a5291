import qs from 'qs'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite } from '@cms/testkit'
import type { ApiCall, TestWebsite } from '@cms/testkit'
import { defineType, expectStatus } from './content-fixtures.ts'
import { makeImage, upload } from './media-kit.ts'
import { createRole, issueKey } from './permissions-kit.ts'

/**
 * The content service serves a key restricted to `event` no article, on every path that can
 * reveal or change one. article.about -> event, event.speaker -> article; both types have a
 * media field.
 */
let site: TestWebsite
/** An editor key restricted to `event`. */
let events: ApiCall
/** A key of the custom role `{read: ['event']}`. */
let eventReader: ApiCall
const owner = (): ApiCall => site.api
/** ids: an article published and one in draft; an event published and one in draft. */
const ids = { article: '', draftArticle: '', event: '', draftEvent: '', image: '' }

async function created(type: string, data: object, publish: boolean): Promise<string> {
  const made = await expectStatus(owner()('POST', '/api/content', { body: { type, data } }), 201)
  if (publish) await expectStatus(owner()('POST', `/api/content/${made.body.id}/publish`), 200)
  return made.body.id
}

beforeAll(async () => {
  site = await createTestWebsite()
  const title = { name: 'title', type: 'text', required: true }
  const articleFields = [title, { name: 'slug', type: 'text' }, { name: 'cover', type: 'media' }]
  await defineType(owner(), {
    name: 'article',
    titleField: 'title',
    slugField: 'slug',
    fields: articleFields,
  })
  await defineType(owner(), {
    name: 'event',
    titleField: 'title',
    fields: [
      title,
      { name: 'speaker', type: 'relation', target: 'article' },
      { name: 'poster', type: 'media' },
    ],
  })
  await expectStatus(
    owner()('PATCH', '/api/content-types/article', {
      body: {
        fields: [...articleFields, { name: 'about', type: 'relation', target: 'event' }],
      },
    }),
    200,
  )
  const image = await upload(site, { bytes: await makeImage(), name: 'a.png', type: 'image/png' })
  expect(image.status).toBe(201)
  ids.image = image.body.id
  ids.article = await created('article', { title: 'Secret talk', slug: 'secret' }, true)
  ids.draftArticle = await created('article', { title: 'Draft talk' }, false)
  ids.event = await created('event', { title: 'Meetup', speaker: ids.article }, true)
  ids.draftEvent = await created('event', { title: 'Later', speaker: ids.article }, false)
  await expectStatus(
    owner()('PATCH', `/api/content/${ids.article}`, {
      body: { data: { about: ids.event, cover: ids.image } },
    }),
    200,
  )
  await expectStatus(owner()('POST', `/api/content/${ids.article}/publish`), 200)
  await expectStatus(
    owner()('PATCH', `/api/content/${ids.draftEvent}`, { body: { data: { poster: ids.image } } }),
    200,
  )
  events = (await issueKey(site.websiteId, { role: 'editor', types: ['event'] })).api
  await createRole(site.websiteId, 'event-reader', { read: ['event'] })
  eventReader = (await issueKey(site.websiteId, { role: 'event-reader' })).api
}, 90_000)

const idsOf = (body: any): string[] => body.docs.map((doc: any) => doc.id).sort()
const sorted = (...values: string[]) => [...values].sort()

describe('reads', () => {
  it('permissions: a key restricted to types sees no other type — when a list names no type, then it holds and counts only the documents of its types, drafts too, while the owner sees every type', async () => {
    for (const api of [events, eventReader]) {
      const listed = await expectStatus(api('GET', '/api/content'), 200)
      expect(idsOf(listed.body)).toEqual([ids.event])
      expect(listed.body.totalDocs).toBe(1)
    }
    const drafts = await expectStatus(events('GET', '/api/content?draft=true'), 200)
    expect(idsOf(drafts.body)).toEqual(sorted(ids.event, ids.draftEvent))
    expect(drafts.body.totalDocs).toBe(2)
    const uncounted = await expectStatus(
      events('GET', '/api/content?draft=true&pagination[withCount]=false&limit=1'),
      200,
    )
    expect(uncounted.body.docs.map((doc: any) => doc.type)).toEqual(['event'])
    const all = await expectStatus(owner()('GET', '/api/content?draft=true'), 200)
    expect(all.body.totalDocs).toBe(4)
  })

  it('permissions: a key restricted to types sees no other type — when it reads an article by id, by slug, its versions, referrers or schedules, then 404 (the slug 403 at the gateway), as for a missing document', async () => {
    for (const api of [events, eventReader]) {
      const read = await expectStatus(api('GET', `/api/content/${ids.article}`), 404)
      expect(read.body.error.message).toBe(`No document ${ids.article}`)
      const slug = await api('GET', '/api/content/by-slug/article/secret')
      expect(slug.status).toBe(403)
      expect(slug.text).not.toContain('Secret talk')
    }
    await expectStatus(events('GET', `/api/content/${ids.draftArticle}?draft=true`), 404)
    for (const path of ['versions', 'referenced-by', 'schedule'])
      await expectStatus(events('GET', `/api/content/${ids.article}/${path}`), 404)
    await expectStatus(owner()('GET', `/api/content/${ids.article}/versions`), 200)
    const own = await expectStatus(events('GET', `/api/content/${ids.event}`), 200)
    expect(own.body.data.title).toBe('Meetup')
  })

  it('permissions: a key restricted to types sees no other type — when it lists the referrers of its own event, then the article that names it is left out, which the owner sees', async () => {
    const seen = await expectStatus(events('GET', `/api/content/${ids.event}/referenced-by`), 200)
    expect(seen.body).toMatchObject({ docs: [], totalDocs: 0 })
    const all = await expectStatus(owner()('GET', `/api/content/${ids.event}/referenced-by`), 200)
    expect(idsOf(all.body)).toEqual([ids.article])
  })
})

describe('relations', () => {
  it('permissions: relations never show a type the key may not read — when an event is read with populate, by id or in a list, then its speaker (an article) is null as a missing one, and the owner sees the article', async () => {
    for (const api of [events, eventReader]) {
      const one = await expectStatus(api('GET', `/api/content/${ids.event}?populate=speaker`), 200)
      expect(one.body.data.speaker).toBeNull()
      const list = await expectStatus(api('GET', '/api/content?type=event&populate=*'), 200)
      expect(list.body.docs[0].data.speaker).toBeNull()
    }
    const drafts = await expectStatus(
      events('GET', '/api/content?type=event&draft=true&populate=speaker'),
      200,
    )
    expect(drafts.body.docs.map((doc: any) => doc.data.speaker)).toEqual([null, null])
    const full = await expectStatus(
      owner()('GET', `/api/content/${ids.event}?populate=speaker`),
      200,
    )
    expect(full.body.data.speaker).toMatchObject({
      id: ids.article,
      data: { title: 'Secret talk' },
    })
  })

  it("permissions: relations never show a type the key may not read — when a list filters through the relation on an article's value, then nothing matches (as if the article did not exist), and the owner's same filter matches", async () => {
    const query = (operator: string) =>
      qs.stringify({ type: 'event', filters: { speaker: { title: { [operator]: 'Secret' } } } })
    for (const operator of ['$startsWith', '$containsi']) {
      for (const api of [events, eventReader]) {
        const probed = await expectStatus(api('GET', `/api/content?${query(operator)}`), 200)
        expect(probed.body).toMatchObject({ docs: [], totalDocs: 0 })
      }
      const matched = await expectStatus(owner()('GET', `/api/content?${query(operator)}`), 200)
      expect(idsOf(matched.body)).toEqual([ids.event])
    }
  })

  it('permissions: relations never show a type the key may not read — when it writes an event naming an article, then 422 names the field as for a missing document, while an article the event already names stays', async () => {
    const refused = await expectStatus(
      events('POST', '/api/content', {
        body: { type: 'event', data: { title: 'Probe', speaker: ids.article } },
      }),
      422,
    )
    expect(refused.body.error.details).toEqual([
      {
        path: 'data.speaker',
        message: `names no article document of this website: ${ids.article}`,
      },
    ])
    await expectStatus(
      events('PATCH', `/api/content/${ids.draftEvent}`, { body: { data: { title: 'Kept' } } }),
      200,
    )
  })
})

describe('writes', () => {
  it('permissions: a key restricted to types changes no other type — when it creates an article, then 403 naming the create permission on article, and nothing is made', async () => {
    const before = await expectStatus(owner()('GET', '/api/content?type=article&draft=true'), 200)
    const refused = await expectStatus(
      events('POST', '/api/content', { body: { type: 'article', data: { title: 'Sneaky' } } }),
      403,
    )
    expect(refused.body.error).toEqual({
      code: 'FORBIDDEN',
      message: 'This request needs the create permission on article',
      details: [{ path: 'permission', message: 'create' }],
    })
    const after = await expectStatus(owner()('GET', '/api/content?type=article&draft=true'), 200)
    expect(after.body.totalDocs).toBe(before.body.totalDocs)
  })

  it('permissions: a key restricted to types changes no other type — when it updates, publishes, unpublishes, restores, schedules, discards or deletes an article by id, then 404 each time, and the owner finds it unchanged', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString()
    const schedule = await expectStatus(
      owner()('POST', `/api/content/${ids.article}/schedule`, {
        body: { action: 'unpublish', at },
      }),
      201,
    )
    const before = await expectStatus(owner()('GET', `/api/content/${ids.article}?draft=true`), 200)
    const history = await expectStatus(owner()('GET', `/api/content/${ids.article}/versions`), 200)
    const calls: Array<[string, string, object?]> = [
      ['PATCH', '', { data: { title: 'Changed' } }],
      ['POST', '/publish'],
      ['POST', '/unpublish'],
      ['POST', `/restore/${history.body.docs.at(-1).id}`],
      ['POST', '/schedule', { action: 'unpublish', at }],
      ['DELETE', `/schedule/${schedule.body.id}`],
      ['DELETE', '/draft'],
      ['DELETE', ''],
      ['DELETE', '?force=true'],
    ]
    for (const [method, path, body] of calls) {
      const response = await events(method, `/api/content/${ids.article}${path}`, {
        ...(body ? { body } : {}),
        headers: { 'if-match': '"1"' },
      })
      expect({ call: `${method} ${path}`, status: response.status }).toEqual({
        call: `${method} ${path}`,
        status: 404,
      })
    }
    const after = await expectStatus(owner()('GET', `/api/content/${ids.article}?draft=true`), 200)
    expect(after.body).toEqual(before.body)
    const schedules = await expectStatus(
      owner()('GET', `/api/content/${ids.article}/schedule`),
      200,
    )
    expect(schedules.body.docs).toEqual([schedule.body])
    await expectStatus(
      owner()('DELETE', `/api/content/${ids.article}/schedule/${schedule.body.id}`),
      204,
    )
  })

  it("permissions: refusals name no document of a type the key may not read — when it deletes its event that an article names, then 409 without the article's id, which the owner's 409 names", async () => {
    const refused = await expectStatus(events('DELETE', `/api/content/${ids.event}`), 409)
    expect(refused.body.error.message).toBe(
      `Document ${ids.event} is named by other documents; delete with force=true to delete it anyway`,
    )
    const named = await expectStatus(owner()('DELETE', `/api/content/${ids.event}`), 409)
    expect(named.body.error.message).toContain(ids.article)
  })

  it("permissions: refusals name no document of a type the key may not read — when it deletes a media file an article and an event use, then the 409 names the event only, and the owner's names both", async () => {
    const refused = await expectStatus(events('DELETE', `/api/media/${ids.image}`), 409)
    expect(refused.body.error.message).toBe(
      `Media ${ids.image} is used by documents: ${ids.draftEvent} and more; delete with force=true to delete it anyway`,
    )
    const named = await expectStatus(owner()('DELETE', `/api/media/${ids.image}`), 409)
    expect(named.body.error.message).toContain(ids.article)
    expect(named.body.error.message).toContain(ids.draftEvent)
  })
})
