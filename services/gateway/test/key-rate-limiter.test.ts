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
