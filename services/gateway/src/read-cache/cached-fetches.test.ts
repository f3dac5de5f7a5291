import { describe, expect, it } from 'vitest'
import { cachedFetches } from './cached-reads.ts'
import { createResponseStore } from './response-store.ts'
import type { FetchedAnswer } from '../http/upstream-proxy.ts'

const answer = (status: number, title: string): FetchedAnswer => ({
  status,
  headers: { 'content-type': 'application/json', 'surrogate-key': 'd-a l-w1-note' },
  body: Buffer.from(JSON.stringify({ title })),
})

/** A load that counts its calls and answers `status`. */
function countedLoad(status = 200) {
  const calls = { count: 0 }
  const load = async () => answer(status, `call ${++calls.count}`)
  return { calls, load }
}

const fetchesWith = (trusted: boolean) =>
  cachedFetches({
    trust: { trusted: () => trusted },
    store: createResponseStore({ maxBytes: 1 << 20, ttlMs: 60_000 }),
  })

describe("the gateway's own published reads", () => {
  it('when a read was answered 200, then the next read of its address is answered from the entry', async () => {
    const fetch = fetchesWith(true)
    const { calls, load } = countedLoad()
    const first = await fetch('w1', '/api/content/a', load)
    const second = await fetch('w1', '/api/content/a', load)
    expect(calls.count).toBe(1)
    expect(second.status).toBe(200)
    expect(second.body.toString()).toBe(first.body.toString())
    expect(second.headers['surrogate-key']).toBe('d-a l-w1-note')
  })

  it('when a read is refused, then nothing is kept and each reader gets the refusal from the service', async () => {
    const fetch = fetchesWith(true)
    const { calls, load } = countedLoad(404)
    const [a, b] = await Promise.all([
      fetch('w1', '/api/content/a', load),
      fetch('w1', '/api/content/a', load),
    ])
    expect([a.status, b.status]).toEqual([404, 404])
    expect(calls.count).toBe(2)
    expect((await fetch('w1', '/api/content/a', load)).status).toBe(404)
    expect(calls.count).toBe(3)
  })

  it('when the cache is not trusted, then every read asks the service', async () => {
    const fetch = fetchesWith(false)
    const { calls, load } = countedLoad()
    await fetch('w1', '/api/content/a', load)
    await fetch('w1', '/api/content/a', load)
    expect(calls.count).toBe(2)
  })

  it('when readers of one address arrive together, then the service is asked once', async () => {
    const fetch = fetchesWith(true)
    const { calls, load } = countedLoad()
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => fetch('w1', '/api/content/a', load)),
    )
    expect(calls.count).toBe(1)
    expect(new Set(answers.map((one) => one.body.toString()))).toEqual(
      new Set(['{"title":"call 1"}']),
    )
  })
})
