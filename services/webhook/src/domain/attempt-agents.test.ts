import process from 'node:process'
import { describe, expect, it } from 'vitest'
import { keepsConnections } from './attempt-agents.ts'

describe('attempt agents', () => {
  it('when the service runs on Node, then connections are kept for the next attempt', () => {
    expect(keepsConnections({ ...process.versions, deno: undefined })).toBe(true)
  })

  it('when the service runs on Deno, then every attempt has a connection of its own', () => {
    expect(keepsConnections({ ...process.versions, deno: '2.9.5' })).toBe(false)
  })
})
