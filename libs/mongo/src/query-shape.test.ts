import { describe, expect, it } from 'vitest'
import { queryShapesOf } from './query-shape.ts'

describe('queryShapesOf', () => {
  it('when a find filters, ranges and sorts (the driver sends the sort as a Map), then its shape keeps fields and order, not values', () => {
    const command = {
      find: 'documents',
      filter: {
        websiteId: 'w',
        status: { $in: ['draft'] },
        $and: [{ type: 'a' }, { createdAt: { $lt: 1 } }],
      },
      sort: new Map([
        ['createdAt', -1],
        ['_id', -1],
      ]),
    }
    expect(queryShapesOf('find', command)).toEqual([
      {
        collection: 'documents',
        command: 'find',
        equality: ['status', 'type', 'websiteId'],
        range: ['createdAt'],
        sort: [
          ['createdAt', -1],
          ['_id', -1],
        ],
      },
    ])
  })

  it('when a condition sits under $or or $nor, then it narrows nothing an index could use', () => {
    const [shape] = queryShapesOf('find', {
      find: 'documents',
      filter: { websiteId: 'w', $or: [{ slug: 'a' }, { slug: 'b' }] },
    })
    expect(shape?.equality).toEqual(['websiteId'])
  })

  it('when counting, updating or deleting, then the filter of each statement is the shape', () => {
    expect(
      queryShapesOf('aggregate', {
        aggregate: 'documents',
        pipeline: [{ $match: { websiteId: 'w' } }],
      })[0]?.equality,
    ).toEqual(['websiteId'])
    expect(
      queryShapesOf('update', { update: 'x', updates: [{ q: { _id: 1 } }] })[0]?.equality,
    ).toEqual(['_id'])
    expect(
      queryShapesOf('delete', { delete: 'x', deletes: [{ q: { a: { $gt: 1 } } }] })[0]?.range,
    ).toEqual(['a'])
  })

  it('when a command reads nothing by filter (insert, getMore), then it has no shape', () => {
    expect(queryShapesOf('insert', { insert: 'x', documents: [{}] })).toEqual([])
    expect(queryShapesOf('getMore', { getMore: 1, collection: 'x' })).toEqual([])
  })

  it('when a find asks for any one document (no filter, no sort, limit 1), then it has no shape to serve', () => {
    expect(queryShapesOf('find', { find: 'fs.files', filter: {}, limit: 1 })).toEqual([])
    expect(queryShapesOf('find', { find: 'fs.files', filter: {} })).toHaveLength(1)
  })
})
