import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import { testEnv } from '@cms/testkit'
import { createKeyRateLimiter } from '../src/domain/key-rate-limiter.ts'
import { privateRedisPrefix } from './support/gateway-under-test.ts'

const clients: Redis[] = []
async function connect(): Promise<Redis> {
  const redis = new Redis(testEnv().redisUrl, { enableAutoPipelining: true })
  clients.push(redis)
  await redis.ping()
  return redis
}

afterAll(() => {
  for (const client of clients) client.disconnect()
})

describe('rate limits counted in batches', () => {
  it('when many requests of one key arrive at once, then exactly the plan is allowed and each sees its own remaining count', async () => {
    const redis = await connect()
    const prefix = privateRedisPrefix()
    const limiter = createKeyRateLimiter({ redis, prefix })
    const keyId = randomUUID()
    const verdicts = await Promise.all(
      Array.from({ length: 30 }, () => limiter.consume(keyId, { perMinute: 10, perDay: 1000 })),
    )
    const allowed = verdicts.filter((verdict) => verdict.allowed)
    expect(allowed).toHaveLength(10)
    expect(allowed.map((verdict) => verdict.state.remaining).sort((a, b) => a - b)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ])
    for (const refused of verdicts.filter((verdict) => !verdict.allowed)) {
      expect(refused.state.remaining).toBe(0)
      expect(refused).toMatchObject({ retryAfterSeconds: expect.any(Number) })
    }
    expect(await redis.get(`${prefix}:rl:minute:${keyId}`)).toBe('30')
    expect(await limiter.peek(keyId, { perMinute: 10, perDay: 1000 })).toMatchObject({
      limit: 10,
      remaining: 0,
    })
  })

  it('when two instances share Redis and a key sends to both at once, then the plan holds across them', async () => {
    const prefix = privateRedisPrefix()
    const instances = [await connect(), await connect()].map((redis) =>
      createKeyRateLimiter({ redis, prefix }),
    )
    const keyId = randomUUID()
    const verdicts = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        instances[i % 2]!.consume(keyId, { perMinute: 1000, perDay: 15 }),
      ),
    )
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(15)
  })

  it('when a key sends many requests a second, then Redis is asked once per lease (a tenth of its last second), and every verdict is what counting each request there gives', async () => {
    const redis = await connect()
    const prefix = privateRedisPrefix()
    const keyId = randomUUID()
    const counter = `${prefix}:rl:minute:${keyId}`
    let now = Date.now()
    const limiter = createKeyRateLimiter({ redis, prefix, clock: () => now })
    const plan = { perMinute: 10_000, perDay: 100_000 }
    const remaining: number[] = []
    const send = async (count: number) => {
      for (let i = 0; i < count; i++) {
        const verdict = await limiter.consume(keyId, plan)
        expect(verdict.allowed).toBe(true)
        remaining.push(verdict.state.remaining)
      }
    }
    // A first second of 300 requests, each counted in Redis (nothing known of the key yet).
    await send(300)
    expect(Number(await redis.get(counter))).toBe(300)

    // The scripts the limiter sends for the key from now on (MONITOR also lists what they run).
    const monitor = await (await connect()).monitor()
    const asked: string[] = []
    let seenUpTo: (() => void) | undefined
    monitor.on('monitor', (_time: string, args: string[]) => {
      const at = args.indexOf(counter)
      if (at < 0) return
      if (args[0]?.startsWith('eval')) asked.push(args[at + 1]!)
      if (args[0] === 'get') seenUpTo?.()
    })
    now += 1000
    await send(200)
    expect(remaining).toEqual(Array.from({ length: 500 }, (_, i) => 9_999 - i))
    // MONITOR reports in order, after the fact: once it shows this read, it has shown the rest.
    const seen = new Promise<void>((resolve) => (seenUpTo = resolve))
    expect(Number(await redis.get(counter))).toBe(300 + 7 * 31)
    await seen
    // 300 requests in the last second: each ask is the request and 30 points ahead.
    expect(asked).toEqual(Array(7).fill('31'))
    expect(await limiter.peek(keyId, plan)).toMatchObject({ remaining: 9_500 })
    monitor.disconnect()
  })

  it('when two instances take leases of one key in turns, then together they never allow more than its plan', async () => {
    const prefix = privateRedisPrefix()
    let now = Date.now()
    const instances = [await connect(), await connect()].map((redis) =>
      createKeyRateLimiter({ redis, prefix, clock: () => now }),
    )
    const keyId = randomUUID()
    const plan = { perMinute: 300, perDay: 100_000 }
    const allowed: boolean[] = []
    const send = async (count: number) => {
      for (let i = 0; i < count; i++)
        allowed.push((await instances[i % 2]!.consume(keyId, plan)).allowed)
    }
    // 100 a second on each instance: then each takes leases of 10 points.
    await send(200)
    now += 1000
    await send(150)
    const total = allowed.filter(Boolean).length
    expect(total).toBeLessThanOrEqual(300)
    // Early by at most what the other instance still held: leases shrink to none near the end.
    expect(total).toBeGreaterThanOrEqual(290)
    expect(allowed.slice(0, 290).every(Boolean)).toBe(true)
    expect(allowed.slice(300).some(Boolean)).toBe(false)
  })

  it('when Redis does not answer, then each instance holds the key to its plan in memory', async () => {
    const away = new Redis(`redis://127.0.0.1:1`, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    })
    clients.push(away)
    const limiter = createKeyRateLimiter({ redis: away, prefix: privateRedisPrefix() })
    const verdicts = await Promise.all(
      Array.from({ length: 8 }, () => limiter.consume('key', { perMinute: 5, perDay: 100 })),
    )
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(5)
  })
})
