import { request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { createTestWebsite, testEnv, waitFor } from '@cms/testkit'

const healthy = async () =>
  (await fetch(`${testEnv().gatewayUrl}/healthz`, { signal: AbortSignal.timeout(3000) })).status

describe('the gateway process under clients that misbehave', () => {
  it('when a HEAD request is proxied, then headers come back and the process keeps serving', async () => {
    const site = await createTestWebsite()
    const response = await fetch(`${testEnv().gatewayUrl}/api/content-types`, {
      method: 'HEAD',
      headers: { 'x-api-key': site.readKey },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-ratelimit-limit')).not.toBeNull()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await healthy()).toBe(200)
  })

  it('when clients hang up before the answer, then the process keeps serving', async () => {
    const site = await createTestWebsite()
    const url = new URL(`${testEnv().gatewayUrl}/api/content?limit=100`)
    await Promise.all(
      Array.from(
        { length: 10 },
        (_, i) =>
          new Promise<void>((resolve) => {
            const req = request(url, { headers: { 'x-api-key': site.readKey } })
            req.on('error', () => resolve())
            req.on('response', (res) => {
              res.destroy()
              resolve()
            })
            req.end()
            setTimeout(() => {
              req.destroy()
              resolve()
            }, i)
          }),
      ),
    )
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await healthy()).toBe(200)
    // Lists again: on a busy run the shared storage can answer one read late, so "keeps serving"
    // is a 200 within the wait, not on the first try. On FerretDB each of the hung-up lists still
    // scans every document of the full suite's shared collection: this test took 15.6-21.4 s in
    // full clean-clone runs, so the wait leaves room for that storage cost, which it is not about.
    await waitFor(
      async () => {
        const response = await fetch(`${testEnv().gatewayUrl}/api/content`, {
          headers: { 'x-api-key': site.readKey },
        })
        return response.status === 200 ? true : undefined
      },
      { timeoutMs: 60_000, intervalMs: 250, what: 'a list answered 200 after the hang-ups' },
    )
  }, 90_000)

  it('errors: a body over 1 MiB is 413 — when the body is over 1 MiB, then 413 in the contract shape and the process keeps serving', async () => {
    const site = await createTestWebsite()
    const response = await site.api('POST', '/api/content', {
      body: { type: 'post', data: { body: 'x'.repeat(1_100_000) } },
    })
    expect(response.status).toBe(413)
    expect(response.body).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) },
    })
    expect(await healthy()).toBe(200)
  })
})
