import { BUILT_IN_ROLES } from '@cms/contract'
import { ValidationError } from '@cms/errors'
import { describe, expect, it } from 'vitest'
import { requireRelationTargets } from './relations.ts'
import { LANDING_FIELDS } from '../document/structured-fields.fixture.ts'

const caller = { websiteId: 'w1', keyId: 'k1', permissions: BUILT_IN_ROLES.owner }
const type = { fields: LANDING_FIELDS }

/** Documents p1 (person) and a1 (article), media m1; records every query. */
function lookups() {
  const queries: string[][] = []
  const documents = new Map([
    ['p1', 'person'],
    ['a1', 'article'],
  ])
  return {
    queries,
    store: {
      findMany: async (_websiteId: string, ids: readonly string[]) => {
        queries.push(['documents', ...ids])
        return ids.flatMap((id) =>
          documents.has(id) ? [{ _id: id, type: documents.get(id)! }] : [],
        )
      },
    },
    media: {
      existing: async (_websiteId: string, ids: readonly string[]) => {
        queries.push(['media', ...ids])
        return new Set(ids.filter((id) => id === 'm1'))
      },
    },
  }
}

const problemsOf = async (promise: Promise<void>) => {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(ValidationError)
  return (error as ValidationError).details ?? []
}

describe('requireRelationTargets', () => {
  it('when ids inside blocks and components name nothing of their target, then each problem has the exact path, after one query per kind', async () => {
    const deps = lookups()
    const details = await problemsOf(
      requireRelationTargets(deps, {
        caller,
        type,
        data: {
          title: 'Home',
          seo: { title: 'Home', image: 'm1' },
          specs: [{ label: 'a', source: 'a1' }],
          sections: [
            { __component: 'hero', image: 'm1' },
            { __component: 'quote', by: 'p1' },
            { __component: 'hero', image: 'm-gone' },
            { __component: 'grid', cards: [{ gallery: ['m1', 'm-other'] }] },
          ],
        },
      }),
    )
    expect(details).toEqual([
      { path: 'data.specs[0].source', message: 'names no person document of this website: a1' },
      { path: 'data.sections[2].image', message: 'names no media file of this website: m-gone' },
      {
        path: 'data.sections[3].cards[0].gallery',
        message: 'names no media file of this website: m-other',
      },
    ])
    expect(deps.queries.map(([kind]) => kind).sort()).toEqual(['documents', 'media'])
  })

  it('when the ids are already held for the same target, then they are not looked up again, wherever they moved', async () => {
    const deps = lookups()
    await requireRelationTargets(deps, {
      caller,
      type,
      data: { title: 'Home', sections: [{ __component: 'quote', by: 'p-deleted' }] },
      kept: { title: 'Home', specs: [{ source: 'p-deleted' }] },
    })
    expect(deps.queries).toEqual([])
  })

  it('when a kept id was held for another target, then it is checked where it is now', async () => {
    const deps = lookups()
    const details = await problemsOf(
      requireRelationTargets(deps, {
        caller,
        type,
        data: { title: 'Home', sections: [{ __component: 'hero', image: 'p1' }] },
        kept: { title: 'Home', author: 'p1' },
      }),
    )
    expect(details.map((detail) => detail.path)).toEqual(['data.sections[0].image'])
  })
})
