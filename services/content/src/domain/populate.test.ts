import { ValidationError } from '@cms/errors'
import { describe, expect, it } from 'vitest'
import type { PopulateField } from '../query/index.ts'
import type { StoredDocument } from '../document/document.ts'
import { populateDocuments } from './populate.ts'
import type { PresentedDocument } from './populate.ts'
import { DEFAULT_POPULATE_LIMITS } from './populate-budget.ts'
import {
  blocks,
  component,
  field,
  contentType as type,
  relation,
} from '../query/content-types.fixture.ts'
import type { PopulateLimits } from './populate-budget.ts'

type Stored = Partial<StoredDocument> & { _id: string }

const TYPES = [
  type('node', [relation('links', 'node', true)]),
  type('article', [relation('author', 'person'), relation('tags', 'tag', true)]),
  type('person', [relation('employer', 'company')]),
  type('tag', [relation('parent', 'tag')]),
  type('company', []),
  type('page', [
    component('seo', [field('image', 'media'), relation('author', 'person')]),
    component('cards', [relation('tags', 'tag', true)], { repeatable: true }),
    blocks('sections', {
      hero: [relation('author', 'person'), field('image', 'media')],
      quote: [relation('by', 'person'), component('cite', [relation('tag', 'tag')])],
    }),
  ]),
]

/** An in-memory store that records the ids of every read. */
function storeOf(documents: readonly Stored[]) {
  const byId = new Map(documents.map((document) => [document._id, document]))
  const reads: string[][] = []
  return {
    reads,
    findMany: async (_websiteId: string, ids: readonly string[]) => {
      reads.push([...ids])
      return ids.flatMap((id) => byId.get(id) ?? [])
    },
  }
}

const doc = (id: string, typeName: string, data: Record<string, unknown>): Stored => ({
  _id: id,
  type: typeName,
  status: 'published',
  data,
})

const nested = (...names: string[]): PopulateField[] => {
  const [name, ...rest] = names
  return name === undefined ? [] : [{ name, next: nested(...rest) }]
}

async function populate(
  documents: readonly Stored[],
  stored: readonly Stored[],
  fields: PopulateField[],
  limits: PopulateLimits = DEFAULT_POPULATE_LIMITS,
) {
  const store = storeOf(stored)
  const context = {
    store,
    media: {
      shown: async (_websiteId: string, ids: readonly string[]) => {
        store.reads.push(ids.map((id) => `media:${id}`))
        return ids.filter((id) => id.startsWith('f')).map((id) => ({ id, url: `/m/${id}` }))
      },
    },
    websiteId: 'w',
    draft: false,
    types: TYPES,
    limits,
  }
  const outcome: { presented?: PresentedDocument[]; error?: unknown } = await populateDocuments(
    documents,
    fields,
    context,
  ).then(
    (presented) => ({ presented }),
    (error: unknown) => ({ error }),
  )
  return { ...outcome, reads: store.reads }
}

/** `size` nodes, each linking to all of them. */
const mesh = (size: number): Stored[] => {
  const ids = Array.from({ length: size }, (_, index) => `n${index}`)
  return ids.map((id) => doc(id, 'node', { links: ids }))
}

describe('populateDocuments limits', () => {
  it('when 20 nodes each link to all 20 and three levels are asked, then 422 at populate before the read that would pass the cap', async () => {
    const nodes = mesh(20)
    const { error, reads } = await populate(nodes, nodes, nested('links', 'links', 'links'))
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).details).toEqual([
      { path: 'populate', message: expect.stringContaining('at most 5000') },
    ])
    // Level one embeds 400, level two would add 20 x 400 = 8000: refused before its read.
    expect(reads).toHaveLength(1)
  })

  it('when the cap is met exactly, then the answer is built; one less and it is refused', async () => {
    const nodes = mesh(3)
    const fields = nested('links', 'links')
    const fits = await populate(nodes, nodes, fields, { maxDocuments: 36, maxBytes: 1e6 })
    expect(fits.error).toBeUndefined()
    expect(fits.presented![0]!.data!.links).toHaveLength(3)
    const over = await populate(nodes, nodes, fields, { maxDocuments: 35, maxBytes: 1e6 })
    expect(over.error).toBeInstanceOf(ValidationError)
    expect(over.reads).toHaveLength(1)
  })

  it('when the answer would pass the byte cap, then 422 at populate before the next level is read', async () => {
    const nodes = mesh(5).map((node) => ({ ...node, slug: 'x'.repeat(1000) }))
    const { error, reads } = await populate(nodes, nodes, nested('links', 'links'), {
      maxDocuments: 1000,
      maxBytes: 20_000,
    })
    // The page (5 KB) and level one (25 x 1 KB) pass 20 KB: level two is never read.
    expect((error as ValidationError).details).toEqual([
      { path: 'populate', message: expect.stringContaining('20000 bytes') },
    ])
    expect(reads).toHaveLength(1)
  })

  it('when a page of 100 articles populates author, tags and their own relations, then the default limits let it through with one read per field and level', async () => {
    const companies = [doc('c1', 'company', {}), doc('c2', 'company', {})]
    const people = Array.from({ length: 10 }, (_, index) =>
      doc(`p${index}`, 'person', { employer: `c${(index % 2) + 1}` }),
    )
    const tags = Array.from({ length: 30 }, (_, index) =>
      doc(`t${index}`, 'tag', { parent: `t${(index + 1) % 30}` }),
    )
    const articles = Array.from({ length: 100 }, (_, index) =>
      doc(`a${index}`, 'article', {
        author: `p${index % 10}`,
        tags: [0, 1, 2, 3, 4].map((offset) => `t${(index + offset) % 30}`),
      }),
    )
    const fields: PopulateField[] = [
      { name: 'author', next: nested('employer') },
      { name: 'tags', next: nested('parent') },
    ]
    const { presented, error, reads } = await populate(
      articles,
      [...companies, ...people, ...tags],
      fields,
    )
    expect(error).toBeUndefined()
    expect(reads).toHaveLength(4)
    const first = presented![0]!.data!
    expect(first.author).toMatchObject({ id: 'p0', data: { employer: { id: 'c1' } } })
    expect(first.tags).toHaveLength(5)
    expect((first.tags as Array<{ data: { parent: { id: string } } }>)[0]!.data.parent.id).toBe(
      't1',
    )
  })
})

describe('populateDocuments inside components and blocks', () => {
  const people = [doc('p0', 'person', { employer: 'c0' }), doc('p1', 'person', { employer: 'c0' })]
  const companies = [doc('c0', 'company', {})]
  const tags = [doc('t0', 'tag', {}), doc('t1', 'tag', {})]
  const stored = [...people, ...companies, ...tags]
  /** 20 pages of 10 blocks: heroes naming a person and a file, quotes naming a person and a tag. */
  const pages = Array.from({ length: 20 }, (_, page) =>
    doc(`g${page}`, 'page', {
      seo: { image: `f${page}`, author: 'p0' },
      cards: [{ tags: ['t0', 't1'] }, { tags: ['t1', 'missing'] }],
      sections: Array.from({ length: 10 }, (_, block) =>
        block % 2 === 0
          ? { __component: 'hero', author: `p${block % 4 === 0 ? 0 : 1}`, image: `f${block}` }
          : { __component: 'quote', by: 'p1', cite: { tag: 't0' } },
      ),
    }),
  )

  it('when blocks are populated, then every item of every page is, with one read per field for the whole page', async () => {
    const fields: PopulateField[] = [
      {
        name: 'sections',
        inline: true,
        next: [
          { name: 'author', next: [] },
          { name: 'image', next: [], media: true },
          { name: 'by', next: [] },
        ],
      },
    ]
    const { presented, error, reads } = await populate(pages, stored, fields)
    expect(error).toBeUndefined()
    expect(reads.map((ids) => [...ids].sort())).toEqual([
      ['p0', 'p1'],
      ['media:f0', 'media:f2', 'media:f4', 'media:f6', 'media:f8'],
      ['p1'],
    ])
    const sections = presented![7]!.data!.sections as Array<Record<string, any>>
    expect(sections).toHaveLength(10)
    expect(sections[0]).toEqual({
      __component: 'hero',
      author: expect.objectContaining({ id: 'p0', type: 'person' }),
      image: { id: 'f0', url: '/m/f0' },
    })
    expect(sections[1]).toEqual({
      __component: 'quote',
      by: expect.objectContaining({ id: 'p1' }),
      cite: { tag: 't0' },
    })
    expect(presented![7]!.data!.seo).toEqual({ image: 'f7', author: 'p0' })
  })

  it('when a component, a repeatable component and a component inside blocks are populated, a relation two levels deep, then each is, with one read per field and level', async () => {
    const fields: PopulateField[] = [
      { name: 'seo', inline: true, next: [{ name: 'author', next: nested('employer') }] },
      { name: 'cards', inline: true, next: [{ name: 'tags', next: [] }] },
      {
        name: 'sections',
        inline: true,
        next: [{ name: 'cite', inline: true, next: [{ name: 'tag', next: [] }] }],
      },
    ]
    const { presented, reads } = await populate(pages, stored, fields)
    expect(reads).toHaveLength(4)
    const data = presented![0]!.data!
    expect(data.seo).toMatchObject({
      image: 'f0',
      author: { id: 'p0', data: { employer: { id: 'c0' } } },
    })
    const cards = data.cards as Array<{ tags: Array<{ id: string }> }>
    expect(cards.map((card) => card.tags.map((tag) => tag.id))).toEqual([['t0', 't1'], ['t1']])
    const sections = data.sections as Array<Record<string, any>>
    expect(sections[1]!.cite.tag).toMatchObject({ id: 't0', type: 'tag' })
    expect(sections[0]!.author).toBe('p0')
  })

  it('when an item names a component the field does not allow, or values are not objects, then they are left as stored', async () => {
    const odd = doc('odd', 'page', {
      seo: 'not an object',
      cards: { tags: ['t0'] },
      sections: [{ __component: 'gone', author: 'p0' }, null, { __component: 'hero' }],
    })
    const fields: PopulateField[] = [
      { name: 'seo', inline: true, next: [{ name: 'author', next: [] }] },
      { name: 'cards', inline: true, next: [{ name: 'tags', next: [] }] },
      { name: 'sections', inline: true, next: [{ name: 'author', next: [] }] },
    ]
    const { presented } = await populate([odd], stored, fields)
    expect(presented![0]!.data).toEqual(odd.data)
  })

  it('when relations inside blocks would embed more than the cap, then 422 at populate before their read', async () => {
    const fields: PopulateField[] = [
      { name: 'sections', inline: true, next: [{ name: 'author', next: [] }] },
    ]
    // 20 pages x 5 heroes = 100 embeddings.
    const over = await populate(pages, stored, fields, { maxDocuments: 99, maxBytes: 1e6 })
    expect(over.error).toBeInstanceOf(ValidationError)
    expect(over.reads).toHaveLength(0)
    const fits = await populate(pages, stored, fields, { maxDocuments: 100, maxBytes: 1e6 })
    expect(fits.error).toBeUndefined()
  })
})
