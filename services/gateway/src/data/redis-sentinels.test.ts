import { describe, expect, it } from 'vitest'
import {
  parseSentinelAddresses,
  redisConnectionOptions,
  sentinelAddresses,
} from './redis-sentinels.ts'

describe('parseSentinelAddresses', () => {
  it('when given hosts with and without ports and an IPv6 address, then each is read', () => {
    expect(parseSentinelAddresses(' a.example:26380, b ,[::1]:26379')).toEqual([
      { host: 'a.example', port: 26380 },
      { host: 'b', port: 26379 },
      { host: '::1', port: 26379 },
    ])
  })

  it('when a port is out of range or the address is not host:port, then it throws', () => {
    expect(() => parseSentinelAddresses('a:70000')).toThrow(TypeError)
    expect(() => parseSentinelAddresses('redis://a:1')).toThrow(TypeError)
  })
})

describe('sentinelAddresses', () => {
  it('when unset or blank, then there are no Sentinels', () => {
    expect(sentinelAddresses()(undefined, 'REDIS_SENTINELS')).toBeUndefined()
    expect(sentinelAddresses()('  ', 'REDIS_SENTINELS')).toBeUndefined()
  })

  it('when invalid, then the message names the variable', () => {
    expect(() => sentinelAddresses()('a:b', 'REDIS_SENTINELS')).toThrow(/^REDIS_SENTINELS must/)
    expect(() => sentinelAddresses()(',', 'REDIS_SENTINELS')).toThrow(/REDIS_SENTINELS/)
  })
})

describe('redisConnectionOptions', () => {
  it('when there are no Sentinels, then the URL is used as it is', () => {
    expect(redisConnectionOptions('redis://h:1/2', undefined)).toEqual({
      url: 'redis://h:1/2',
      options: {},
    })
  })

  it('when there are Sentinels and a rediss URL, then credentials, database and TLS come from the URL', () => {
    const { url, options } = redisConnectionOptions('rediss://app:p%40ss@ignored:6379/3', {
      sentinels: [{ host: 's1', port: 26379 }],
      name: 'cms',
      password: 'sentinel-secret',
    })
    expect(url).toBeUndefined()
    expect(options).toMatchObject({
      sentinels: [{ host: 's1', port: 26379 }],
      name: 'cms',
      role: 'master',
      username: 'app',
      password: 'p@ss',
      sentinelPassword: 'sentinel-secret',
      db: 3,
      tls: {},
      enableTLSForSentinelMode: true,
      sentinelTLS: {},
    })
  })

  it('when a write is refused as READONLY, then the client reconnects (through the Sentinels)', () => {
    const { options } = redisConnectionOptions('redis://:pw@x', {
      sentinels: [{ host: 's', port: 1 }],
      name: 'm',
    })
    expect(options.tls).toBeUndefined()
    const reconnect = options.reconnectOnError as (error: Error) => unknown
    expect(reconnect(new Error("READONLY You can't write against a read only replica."))).toBe(true)
    expect(reconnect(new Error('WRONGTYPE'))).toBe(false)
  })
})
