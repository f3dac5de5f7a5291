import { describe, expect, it } from 'vitest'
import { poolSizeOption } from './connect.ts'

describe('poolSizeOption', () => {
  it('when the URL sets no pool size, then the services use 20 connections', () => {
    expect(poolSizeOption('mongodb://db:27017/?replicaSet=rs0')).toEqual({ maxPoolSize: 20 })
  })

  it('when the URL sets a pool size, then the URL decides', () => {
    expect(poolSizeOption('mongodb://127.0.0.1:1/?directConnection=true&maxPoolSize=2')).toEqual({})
    expect(poolSizeOption('mongodb+srv://u:p@cluster/app?maxpoolsize=50')).toEqual({})
  })
})
