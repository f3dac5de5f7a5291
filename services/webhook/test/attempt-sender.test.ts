import { Agent as HttpAgent } from 'node:http'
import { Agent as HttpsAgent } from 'node:https'
import type { LookupAddress } from 'node:dns'
import got from 'got'
import { afterAll, describe, expect, it } from 'vitest'
import { createAttemptSender } from '../src/domain/attempt-sender.ts'
import { createTargetGuard } from '../src/domain/target-guard.ts'
import type { ResolveAll } from '../src/domain/target-guard.ts'
import { startReceiver } from './support/receiver.ts'
import type { Answer } from './support/receiver.ts'

const agents = {
  http: new HttpAgent({ keepAlive: true }),
  https: new HttpsAgent({ keepAlive: true }),
}
const openGuard = createTargetGuard({ allowPrivate: true, resolve: async () => [] })
const send = createAttemptSender({ got, guard: openGuard, timeoutMs: 500, agents })
const request = (url: string) => ({
  url,
  headers: { 'content-type': 'application/json', 'x-webhook-id': 'd1' },
  body: '{"a":1}',
})

const receivers: Array<{ close(): Promise<void> }> = []
async function receiver(answer: (index: number) => Answer) {
  const started = await startReceiver(answer)
  receivers.push(started)
  return started
}
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()))
  agents.http.destroy()
})

describe('sending one attempt', () => {
  it('when the receiver answers 2xx, then the attempt succeeds with the exact body and headers sent', async () => {
    const target = await receiver(() => 204)
    const result = await send(request(`${target.url}/hook`))
    expect(result).toMatchObject({ succeeded: true, statusCode: 204, error: null })
    const [received] = await target.waitForRequests(1)
    expect(received!.method).toBe('POST')
    expect(received!.rawBody.toString()).toBe('{"a":1}')
    expect(received!.headers['x-webhook-id']).toBe('d1')
  })

  it('when the receiver answers 500, then the attempt fails with that status', async () => {
    const target = await receiver(() => 500)
    expect(await send(request(target.url))).toMatchObject({
      succeeded: false,
      statusCode: 500,
      error: null,
    })
  })

  it('when the receiver redirects, then the redirect is not followed and the attempt fails', async () => {
    const target = await receiver((index) =>
      index === 0
        ? (res) => {
            res.statusCode = 302
            res.setHeader('location', '/elsewhere')
            res.end()
          }
        : 200,
    )
    expect(await send(request(target.url))).toMatchObject({ succeeded: false, statusCode: 302 })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(target.requests).toHaveLength(1)
  })

  it('when the receiver does not answer in time, then the attempt fails as a time-out after the limit', async () => {
    const target = await receiver(() => () => new Promise(() => undefined))
    const result = await send(request(target.url))
    expect(result.succeeded).toBe(false)
    expect(result.statusCode).toBeNull()
    expect(result.error).toMatch(/ETIMEDOUT|[Tt]imeout/)
    expect(result.durationMs).toBeGreaterThanOrEqual(450)
    expect(result.durationMs).toBeLessThan(3000)
  })

  it('when nothing listens at the target, then the attempt fails with the connection error', async () => {
    const target = await receiver(() => 200)
    await target.close()
    const result = await send(request(target.url))
    expect(result).toMatchObject({ succeeded: false, statusCode: null })
    expect(result.error).toMatch(/ECONNREFUSED/)
  })

  it('when the receiver answers with a huge body, then reading stops and the status still counts', async () => {
    const target = await receiver(() => (res) => {
      res.statusCode = 200
      res.write(Buffer.alloc(200 * 1024, 'x'))
      res.end()
    })
    expect(await send(request(target.url))).toMatchObject({ succeeded: true, statusCode: 200 })
  })
})

describe('sending with the private-address guard on', () => {
  const system: ResolveAll = async (hostname) =>
    hostname === 'localhost'
      ? [{ address: '127.0.0.1', family: 4 }]
      : Promise.reject(new Error('ENOTFOUND'))

  it('when the target is 127.0.0.1 or localhost, then nothing is sent and the attempt fails as refused', async () => {
    const target = await receiver(() => 200)
    const guarded = createAttemptSender({
      got,
      guard: createTargetGuard({ allowPrivate: false, resolve: system }),
      timeoutMs: 500,
      agents,
    })
    const direct = await guarded(request(target.url))
    const byName = await guarded(request(target.url.replace('127.0.0.1', 'localhost')))
    for (const result of [direct, byName]) {
      expect(result).toMatchObject({ succeeded: false, statusCode: null })
      expect(result.error).toMatch(/target refused/)
    }
    expect(target.requests).toHaveLength(0)
  })

  it('when DNS answers public at the check and private at connect time, then the connection is refused', async () => {
    const target = await receiver(() => 200)
    let calls = 0
    const rebinding: ResolveAll = async (): Promise<LookupAddress[]> =>
      calls++ === 0
        ? [{ address: '93.184.215.14', family: 4 }]
        : [{ address: '127.0.0.1', family: 4 }]
    const guarded = createAttemptSender({
      got,
      guard: createTargetGuard({ allowPrivate: false, resolve: rebinding }),
      timeoutMs: 500,
      agents,
    })
    const port = new URL(target.url).port
    const result = await guarded(request(`http://rebind.invalid:${port}/hook`))
    expect(result.succeeded).toBe(false)
    expect(result.error).toMatch(/ETARGETREFUSED|target refused/)
    expect(calls).toBe(2)
    expect(target.requests).toHaveLength(0)
  })
})
