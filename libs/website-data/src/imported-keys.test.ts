import { ObjectId } from 'mongodb'
import { describe, expect, it } from 'vitest'
import { createImportedKeys, keyText, valuesAt } from './imported-keys.ts'
import type { WebsiteDataPlan } from './website-collection.ts'

const plan: WebsiteDataPlan = {
  service: 'schema',
  collections: [
    { name: 'types', ownerPaths: ['websiteId'], exported: true },
    {
      name: 'claims',
      ownerPaths: ['websiteId'],
      exported: true,
      references: [{ path: 'typeId', collection: 'types', key: 'id' }],
    },
    {
      name: 'lists',
      ownerPaths: ['websiteId'],
      exported: true,
      references: [{ path: 'items.ids', collection: 'types', key: 'id' }],
    },
  ],
}

describe('the keys an import brought', () => {
  it('when a path holds a value, an array or nothing, then valuesAt gives each value or none', () => {
    expect(valuesAt({ a: { b: 'x' } }, 'a.b')).toEqual(['x'])
    expect(valuesAt({ a: { b: ['x', 'y'] } }, 'a.b')).toEqual(['x', 'y'])
    expect(valuesAt({ a: null }, 'a.b')).toEqual([])
    expect(valuesAt({ a: { b: null } }, 'a.b')).toEqual([])
    expect(valuesAt(Object.create({ inherited: 'x' }), 'inherited')).toEqual([])
  })

  it('when a reference names a key of a record brought, then it resolves; when one value of an array is not, then it does not and the message names it', () => {
    const keys = createImportedKeys(plan)
    keys.add('types', { _id: 'w:article', id: 't1' })
    const reference = plan.collections[1]!.references![0]!
    expect(keys.has(reference, { typeId: 't1' })).toBe(true)
    expect(keys.has(reference, { typeId: 'elsewhere' })).toBe(false)
    const list = plan.collections[2]!.references![0]!
    expect(keys.has(list, { items: { ids: ['t1'] } })).toBe(true)
    expect(keys.has(list, { items: { ids: ['t1', 't2'] } })).toBe(false)
    expect(keys.missingMessage(list, { items: { ids: ['t1', 't2'] } })).toMatch(
      /^names types t2, which this import does not bring/,
    )
  })

  it('when a key is not a string, then it is compared as Extended JSON', () => {
    const id = new ObjectId()
    expect(keyText(id)).toBe(JSON.stringify({ $oid: id.toHexString() }))
    expect(keyText('plain')).toBe('plain')
  })
})
