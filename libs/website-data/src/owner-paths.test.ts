import { describe, expect, it } from 'vitest'
import { withOwner, withoutOwner } from './owner-paths.ts'
import type { WebsiteCollection } from './website-collection.ts'

const versions: WebsiteCollection = {
  name: 'versions',
  ownerPaths: ['websiteId', 'state.websiteId'],
  exported: true,
}
const types: WebsiteCollection = {
  name: 'content_types',
  ownerPaths: ['websiteId'],
  keyOf: (record, websiteId) => `${websiteId}:${String(record.name)}`,
  exported: true,
}
const typeIndex: WebsiteCollection = { name: 'type_index', ownerPaths: ['_id'], exported: true }

describe('owner paths', () => {
  it('when a record is exported, then every owner path is gone and nothing else, and the input is unchanged', () => {
    const record = {
      _id: 'd1:2',
      websiteId: 'w1',
      version: 2,
      state: { websiteId: 'w1', data: { title: 'A', websiteId: 'kept' } },
    }
    const copy = structuredClone(record)
    expect(withoutOwner(record, versions)).toEqual({
      _id: 'd1:2',
      version: 2,
      state: { data: { title: 'A', websiteId: 'kept' } },
    })
    expect(record).toEqual(copy)
  })

  it('when an exported record is imported and exported again, then the second export is the same text', () => {
    const record = { _id: 'd1:2', websiteId: 'w1', version: 2, state: { websiteId: 'w1', a: 1 } }
    const exported = withoutOwner(record, versions)
    const imported = withOwner(exported, versions, 'w2')
    expect(imported).toEqual({ ...record, websiteId: 'w2', state: { websiteId: 'w2', a: 1 } })
    expect(JSON.stringify(withoutOwner(imported, versions))).toBe(JSON.stringify(exported))
  })

  it('when the _id embeds the website, then it is left out and made again under the new website', () => {
    const record = { _id: 'w1:article', websiteId: 'w1', name: 'article', version: 3 }
    const exported = withoutOwner(record, types)
    expect(exported).toEqual({ name: 'article', version: 3 })
    expect(withOwner(exported, types, 'w2')).toEqual({
      _id: 'w2:article',
      websiteId: 'w2',
      name: 'article',
      version: 3,
    })
  })

  it('when the _id is the website id, then the import keys the record by the new website', () => {
    const exported = withoutOwner({ _id: 'w1', names: ['a'], revision: 4 }, typeIndex)
    expect(exported).toEqual({ names: ['a'], revision: 4 })
    expect(withOwner(exported, typeIndex, 'w2')).toEqual({ _id: 'w2', names: ['a'], revision: 4 })
  })

  it('when a nested owner path has no parent, then the import does not make one', () => {
    expect(withOwner({ _id: 'x' }, versions, 'w2')).toEqual({ _id: 'x', websiteId: 'w2' })
  })
})
