import { describe, expect, it } from 'vitest'
import { pino } from 'pino'
import { connectMongo, poolSizeOption } from './connect.ts'
import type { MongoOptions } from './connect.ts'

describe('poolSizeOption', () => {
  it('when the URL sets no pool size, then the services use 20 connections', () => {
    expect(poolSizeOption('mongodb://db:27017/?replicaSet=rs0')).toEqual({ maxPoolSize: 20 })
  })

  it('when the URL sets a pool size, then the URL decides', () => {
    expect(poolSizeOption('mongodb://127.0.0.1:1/?directConnection=true&maxPoolSize=2')).toEqual({})
    expect(poolSizeOption('mongodb+srv://u:p@cluster/app?maxpoolsize=50')).toEqual({})
  })
})

describe('connectMongo options', () => {
  const logger = pino({ level: 'silent' })
  const optionsOf = (url: string, extra: Partial<MongoOptions> = {}) => {
    const connection = connectMongo({ url, dbName: 'x', logger, ...extra })
    return connection.client.options
  }

  it('when the URL says nothing of retryable writes, then they stay on (MongoDB deployments)', () => {
    expect(optionsOf('mongodb://db:27017/?replicaSet=rs0').retryWrites).toBe(true)
  })

  it('when the URL turns retryable writes off (the local FerretDB stack), then they are off', () => {
    expect(optionsOf('mongodb://127.0.0.1:1/?retryWrites=false').retryWrites).toBe(false)
  })

  it('when a read preference is given, then reads go there; without one, to the primary', () => {
    const url = 'mongodb://db:27017/?replicaSet=rs0'
    expect(optionsOf(url, { readPreference: 'secondaryPreferred' }).readPreference.mode).toBe(
      'secondaryPreferred',
    )
    expect(optionsOf(url).readPreference.mode).toBe('primary')
  })

  it('when connected, then every command is monitored (for the command counters)', () => {
    expect(optionsOf('mongodb://db:27017/').monitorCommands).toBe(true)
  })
})
