import { describe, expect, it } from 'vitest'
import { definitionSize } from '@cms/content-model'
import type { ContentTypeDefinition } from '@cms/content-model'
import { DEFAULT_WEBSITE_QUOTAS } from '@cms/http'
import { createTestWebsite } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'

const quotas = DEFAULT_WEBSITE_QUOTAS

/**
 * A definition at the default size quotas: as many fields as allowed, each a select, with as
 * many options as fit in the byte quota.
 */
function maximalDefinition(name: string): ContentTypeDefinition {
  const build = (options: number): ContentTypeDefinition =>
    ({
      name,
      label: name,
      fields: Array.from({ length: quotas.fieldsPerType }, (_, i) => ({
        name: `f${i}`,
        label: `f${i}`,
        type: 'select',
        required: false,
        options: Array.from({ length: options }, (_, o) => `option-${i}-${o}`),
      })),
    }) as ContentTypeDefinition
  let options = quotas.optionsPerField
  while (definitionSize(build(options)).bytes > quotas.definitionBytes) options--
  return build(options)
}

async function timed(call: () => Promise<{ status: number; text: string }>): Promise<number> {
  const started = performance.now()
  const response = await call()
  expect(response.status, response.text.slice(0, 300)).toBe(200)
  return performance.now() - started
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function listTimes(api: ApiCall, count: number): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < count; i++) times.push(await timed(() => api('GET', '/api/content-types')))
  return times
}

// Filling A's quota (100 types of 64 KB) took 145 s on FerretDB alone and over 300 s under the
// full suite: the time is the setup's, the assertions are about B's reads.
describe('schema reads of one website beside another at its type quota', () => {
  it("when website A holds its quota of maximal content types, then B's type list stays within max(0.5 s, 3x its baseline) and A's unknown filter is a 422, not a 503", async () => {
    const a = await createTestWebsite()
    const b = await createTestWebsite()
    for (const name of ['post', 'page', 'author']) {
      const created = await b.api('POST', '/api/content-types', {
        body: { name, fields: [{ name: 'title', type: 'text' }] },
      })
      expect(created.status, created.text).toBe(201)
    }
    await listTimes(b.api, 2)
    const baseline = await listTimes(b.api, 9)

    const fillStarted = performance.now()
    for (let i = 0; i < quotas.contentTypes; i++) {
      const created = await a.api('POST', '/api/content-types', {
        body: maximalDefinition(`big-${i}`),
      })
      expect(created.status, created.text.slice(0, 300)).toBe(201)
    }
    const fillMs = performance.now() - fillStarted
    const past = await a.api('POST', '/api/content-types', { body: { name: 'one-more' } })
    expect(past.status).toBe(409)

    const beside = await listTimes(b.api, 9)
    // After a change of B's own, its list is read again (by _id, B's types only).
    const afterChange: number[] = []
    for (let i = 0; i < 5; i++) {
      const patched = await b.api('PATCH', '/api/content-types/post', {
        body: { label: `Post ${i}` },
      })
      expect(patched.status, patched.text).toBe(200)
      afterChange.push(await timed(() => b.api('GET', '/api/content-types')))
    }
    const unknownFilter = await timed(async () => {
      const response = await a.api('GET', '/api/content?filters[nope][$eq]=1')
      expect(response.status, response.text).toBe(422)
      return { ...response, status: 200 }
    })
    const knownFilter = await timed(() => a.api('GET', '/api/content?filters[f1][$eq]=option-1-0'))

    const bound = Math.max(500, 3 * median(baseline))
    const round = (values: number[]) => values.map((value) => Math.round(value)).join(', ')
    console.log(
      `[schema] A: ${quotas.contentTypes} types of ${definitionSize(maximalDefinition('big-0')).bytes} bytes created in ${Math.round(fillMs)} ms; ` +
        `B list baseline median ${Math.round(median(baseline))} ms (${round(baseline)}); beside A median ${Math.round(median(beside))} ms (${round(beside)}); ` +
        `after B's own change median ${Math.round(median(afterChange))} ms (${round(afterChange)}); bound ${Math.round(bound)} ms; ` +
        `A unknown filter 422 in ${Math.round(unknownFilter)} ms, known filter 200 in ${Math.round(knownFilter)} ms`,
    )
    expect(median(beside)).toBeLessThanOrEqual(bound)
    expect(median(afterChange)).toBeLessThanOrEqual(bound)
  }, 600_000)
})
