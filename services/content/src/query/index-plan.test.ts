import { describe, expect, it } from 'vitest'
import { dataFieldIndex, LIST_INDEXES, SORTABLE_COLUMNS } from './index-plan.ts'

describe('LIST_INDEXES', () => {
  it('when listed, then every index starts with websiteId and names are unique', () => {
    expect(LIST_INDEXES.every((index) => Object.keys(index.key)[0] === 'websiteId')).toBe(true)
    expect(new Set(LIST_INDEXES.map((index) => index.name)).size).toBe(LIST_INDEXES.length)
  })

  it('when an index serves a sorted list, then it ends with the id tiebreaker', () => {
    const sorted = LIST_INDEXES.filter((index) =>
      SORTABLE_COLUMNS.some((column) => column in index.key),
    )
    expect(sorted.every((index) => Object.keys(index.key).at(-1) === '_id')).toBe(true)
  })
})

describe('dataFieldIndex', () => {
  it('when a hot field is named, then the index has equality keys, the field, then the id', () => {
    expect(dataFieldIndex('product', 'price', -1)).toEqual({
      name: 'hot_product_price',
      key: { websiteId: 1, type: 1, status: 1, 'data.price': -1, _id: -1 },
    })
  })

  it('when the name is not a field name, then it throws', () => {
    expect(() => dataFieldIndex('product', 'a.b')).toThrow('not a field name')
  })
})
