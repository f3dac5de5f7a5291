import { beforeAll, describe, expect, it } from 'vitest'
import { internalClient, testEnv } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'
import type { Caller } from '@cms/http'
import { defineSchema, newCaller } from './in-process.ts'

/**
 * Totals are kept per change stamp: the read instance (another process) must count again as
 * soon as the write instance has answered a change, whichever kind.
 */
const env = testEnv()
let caller: Caller
let writer: ApiCall
let reader: ApiCall

beforeAll(async () => {
  caller = newCaller()
  await defineSchema(caller)
  writer = internalClient(env.contentWriteUrl, caller)
  reader = internalClient(env.contentReadUrl, caller)
})

async function totals(): Promise<{ published: number; all: number }> {
  const twice = async (path: string) => {
    await reader('GET', path)
    return (await reader('GET', path)).body.totalDocs as number
  }
  return {
    published: await twice('/api/content?type=post&limit=1'),
    all: await twice('/api/content?type=post&limit=1&draft=true'),
  }
}

async function expectOk(call: Promise<{ status: number; text: string; body: any }>) {
  const response = await call
  expect(response.status, response.text).toBeLessThan(300)
  return response.body
}

describe('list totals on the read instance after writes on the write instance', () => {
  it('when documents are created, published, unpublished, restored and deleted, then the next total counts them', async () => {
    expect(await totals()).toEqual({ published: 0, all: 0 })
    const first = await expectOk(
      writer('POST', '/api/content', { body: { type: 'post', data: { title: 'One' } } }),
    )
    expect(await totals()).toEqual({ published: 0, all: 1 })
    await expectOk(writer('POST', `/api/content/${first.id}/publish`))
    expect(await totals()).toEqual({ published: 1, all: 1 })
    const second = await expectOk(
      writer('POST', '/api/content', { body: { type: 'post', data: { title: 'Two' } } }),
    )
    await expectOk(writer('POST', `/api/content/${second.id}/publish`))
    expect(await totals()).toEqual({ published: 2, all: 2 })
    await expectOk(writer('POST', `/api/content/${first.id}/unpublish`))
    expect(await totals()).toEqual({ published: 1, all: 2 })
    await expectOk(
      writer('PATCH', `/api/content/${second.id}`, { body: { data: { title: 'Two, again' } } }),
    )
    const filtered = '/api/content?type=post&filters[title][$eq]=Two'
    await reader('GET', filtered)
    expect((await reader('GET', filtered)).body.totalDocs).toBe(0)
    await expectOk(writer('POST', `/api/content/${second.id}/restore/${second.id}:1`))
    expect((await reader('GET', filtered)).body.totalDocs).toBe(1)
    await expectOk(writer('DELETE', `/api/content/${second.id}`))
    expect(await totals()).toEqual({ published: 0, all: 1 })
  })
})
