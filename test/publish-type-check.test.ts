import { beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite, waitFor } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'
import { defineType, expectStatus } from './content-fixtures.ts'
import { draftOf, reasonsOf } from './releases-kit.ts'

/**
 * A publish makes live only what its content type, as it is at the publish, accepts: the single
 * call, bulk and a schedule (docs/api.md, "Drafts and publishing"). Each test's drafts were
 * saved under the loose type and are published after it was tightened (`maxLength: 20`).
 */
let site: TestWebsite
const LONG = 'x'.repeat(30)

beforeAll(async () => {
  site = await createTestWebsite()
  await defineType(site.api, {
    name: 'memo',
    titleField: 'title',
    fields: [
      { name: 'title', type: 'text', required: true },
      { name: 'body', type: 'text' },
    ],
  })
}, 60_000)

/** Tightens `memo`'s title and waits until the content writer refuses a title that is too long. */
async function tightenMemo(): Promise<void> {
  await expectStatus(
    site.api('PATCH', '/api/content-types/memo', {
      body: {
        fields: [
          { name: 'title', type: 'text', required: true, maxLength: 20 },
          { name: 'body', type: 'text' },
        ],
      },
    }),
    200,
  )
  await waitFor(
    async () => {
      const tried = await site.api('POST', '/api/content', {
        body: { type: 'memo', data: { title: LONG } },
      })
      return tried.status === 422 ? true : undefined
    },
    { what: 'the tightened type at the writer', timeoutMs: 30_000 },
  )
}

const pathsOf = (error: { details: Array<{ path: string }> }) =>
  error.details.map((detail) => detail.path)

describe('publishing under a tightened type', () => {
  let long: string
  let fine: string
  let live: string
  let bulkLong: string
  let bulkFine: string
  let scheduled: string

  beforeAll(async () => {
    long = await draftOf(site.api, 'memo', LONG)
    fine = await draftOf(site.api, 'memo', 'Fine')
    bulkLong = await draftOf(site.api, 'memo', LONG)
    bulkFine = await draftOf(site.api, 'memo', 'Also fine')
    scheduled = await draftOf(site.api, 'memo', LONG)
    live = await draftOf(site.api, 'memo', 'Live')
    await expectStatus(site.api('POST', `/api/content/${live}/publish`), 200)
    await expectStatus(
      site.api('PATCH', `/api/content/${live}?draft=true`, { body: { data: { title: LONG } } }),
      200,
    )
    await tightenMemo()
  }, 90_000)

  it('drafts: a publish checks the type as it is now — when a draft saved before the type was tightened is published, alone, as a pending draft or in bulk, then each is 422 at data.title and nothing changes, while valid drafts publish', async () => {
    const refused = await site.api('POST', `/api/content/${long}/publish`)
    expect(refused.status, refused.text).toBe(422)
    expect(refused.body.error.code).toBe('VALIDATION_ERROR')
    expect(pathsOf(refused.body.error)).toEqual(['data.title'])
    expect(await reasonsOf(site.api, long)).toEqual(['create'])
    expect((await site.readApi('GET', `/api/content/${long}`)).status).toBe(404)

    await expectStatus(site.api('POST', `/api/content/${fine}/publish`), 200)
    expect((await site.readApi('GET', `/api/content/${fine}`)).body.data.title).toBe('Fine')

    const draftRefused = await site.api('POST', `/api/content/${live}/publish`)
    expect(draftRefused.status, draftRefused.text).toBe(422)
    expect(pathsOf(draftRefused.body.error)).toEqual(['data.title'])
    expect(await reasonsOf(site.api, live)).toEqual(['create', 'publish', 'draft'])
    expect((await site.readApi('GET', `/api/content/${live}`)).body.data.title).toBe('Live')

    const job = await expectStatus(
      site.api('POST', '/api/content/bulk', {
        body: { action: 'publish', ids: [bulkLong, bulkFine] },
      }),
      200,
    )
    expect(job.body).toMatchObject({ state: 'done', succeeded: 1, failed: 1 })
    const [first, second] = job.body.results
    expect(first).toMatchObject({ id: bulkLong, outcome: 'failed', status: 422 })
    expect(pathsOf(first.error)).toEqual(['data.title'])
    expect(second).toMatchObject({ id: bulkFine, outcome: 'done', status: 200 })
    expect(await reasonsOf(site.api, bulkLong)).toEqual(['create'])
  })

  it('schedules: a scheduled publish the type refuses closes as a failure — when a draft the tightened type refuses is scheduled, then at its time nothing changes, the schedule is gone, and the audit log has a failed schedule.run of the system naming data.title', async () => {
    await expectStatus(
      site.api('POST', `/api/content/${scheduled}/schedule`, {
        body: { action: 'publish', at: new Date(Date.now() + 1_000).toISOString() },
      }),
      201,
    )
    const run = await waitFor(
      async () => {
        const page = await expectStatus(
          site.api('GET', `/api/audit?target=${scheduled}&action=schedule.run&limit=10`),
          200,
        )
        return page.body.docs.length > 0 ? page.body.docs : undefined
      },
      { what: 'the schedule run entry', timeoutMs: 30_000 },
    )
    expect(run).toHaveLength(1)
    expect(run[0]).toMatchObject({
      action: 'schedule.run',
      actor: { kind: 'system', id: null },
      outcome: 'failure',
      target: { kind: 'document', id: scheduled },
      changes: ['data.title'],
    })
    const pending = await expectStatus(site.api('GET', `/api/content/${scheduled}/schedule`), 200)
    expect(pending.body.docs).toEqual([])
    const shown = await expectStatus(site.api('GET', `/api/content/${scheduled}?draft=true`), 200)
    expect(shown.body).toMatchObject({ status: 'draft', version: 1, scheduledPublishAt: null })
    expect(await reasonsOf(site.api, scheduled)).toEqual(['create'])
  })
})
