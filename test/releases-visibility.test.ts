import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'
import { defineType } from './content-fixtures.ts'
import { draftOf, pageType, releaseOf } from './releases-kit.ts'

const SIZE = 50

let site: TestWebsite

beforeAll(async () => {
  site = await createTestWebsite()
  await defineType(site.api, pageType('campaign'))
}, 60_000)

describe('releases seen by public reads', () => {
  it('releases: public reads see all of a release or none — when a reader polls the public list while a 50-document release is applied, then every answer shows 0 or 50 of its documents, never some, and the last shows all 50', async () => {
    const ids: string[] = []
    for (let start = 0; start < SIZE; start += 10) {
      const batch = Array.from({ length: Math.min(10, SIZE - start) }, (_, index) =>
        draftOf(site.api, 'campaign', `Campaign ${start + index}`),
      )
      ids.push(...(await Promise.all(batch)))
    }
    const release = await releaseOf(
      site.api,
      'Fifty',
      ids.map((documentId) => ({ documentId, action: 'publish' as const })),
    )

    // Each read asks something new, so the gateway's read cache cannot answer it.
    const read = async () => {
      const answer = await site.readApi(
        'GET',
        `/api/content?type=campaign&pagination[pageSize]=100&filters[title][$ne]=${randomUUID()}`,
      )
      return { status: answer.status, count: answer.status === 200 ? answer.body.docs.length : -1 }
    }
    const seen: Array<{ status: number; count: number }> = []
    let applied = false
    const reader = (async () => {
      while (!applied) seen.push(await read())
    })()
    const published = await site.api('POST', `/api/releases/${release.id}/publish`)
    applied = true
    await reader
    expect(published.status, published.text).toBe(200)
    seen.push(await read())

    const tally = (count: number) => seen.filter((answer) => answer.count === count).length
    console.log(
      `[releases-visibility] ${seen.length} reads while applying: ${tally(0)} with none, ${tally(SIZE)} with all ${SIZE}, ${tally(-1)} refused (503)`,
    )
    // A read that waited past its bound is 503 (Retry-After); no answer is partial.
    const partial = seen.filter(
      (answer) => answer.status !== 503 && answer.count !== 0 && answer.count !== SIZE,
    )
    expect(partial).toEqual([])
    expect(seen.at(-1)).toEqual({ status: 200, count: SIZE })
    expect(seen.filter((answer) => answer.status === 200).length).toBeGreaterThan(1)
  }, 180_000)
})
