import { describe, expect, it } from 'vitest'
import { bulkBodyCheck } from './bulk-request.ts'

describe('bulk request checks', () => {
  it('when ids and query are both or neither sent, or data comes with another action than update, then each is a problem', () => {
    expect(bulkBodyCheck({ action: 'publish', ids: ['a'] })).toEqual([])
    expect(bulkBodyCheck({ action: 'update', query: 'type=a', data: {} })).toEqual([])
    expect(bulkBodyCheck({ action: 'publish', ids: ['a'], query: 'type=a' })).toHaveLength(1)
    expect(bulkBodyCheck({ action: 'publish' })).toHaveLength(1)
    expect(bulkBodyCheck({ action: 'delete', ids: ['a'], data: {} })).toEqual([
      { path: 'data', message: 'only the update action takes data' },
    ])
  })
})
