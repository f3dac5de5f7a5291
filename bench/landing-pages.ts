import type { Db, Document, Filter } from 'mongodb'
import sharp from 'sharp'
import type { ApiCall } from '@cms/testkit'
import type { StoredDocument } from '../services/content/src/document/document.ts'
import type { RelatedDocuments } from './article-type.ts'
import type { DriverOperation } from './driver-load.ts'
import type { ReadScenario } from './read-scenarios.ts'

/** The sections a landing page is made of (issue 40): each names people, topics or images. */
export const LANDING_COMPONENTS = [
  {
    name: 'hero',
    fields: [
      { name: 'heading', type: 'text' },
      { name: 'image', type: 'media' },
      { name: 'author', type: 'relation', target: 'person' },
    ],
  },
  {
    name: 'quote',
    fields: [
      { name: 'text', type: 'textarea' },
      { name: 'by', type: 'relation', target: 'person' },
    ],
  },
  {
    name: 'topic-grid',
    fields: [
      { name: 'heading', type: 'text' },
      { name: 'topics', type: 'relation', target: 'topic', many: true },
    ],
  },
] as const

export const LANDING_TYPE = {
  name: 'landing',
  titleField: 'title',
  fields: [
    { name: 'title', type: 'text', required: true },
    { name: 'sections', type: 'blocks', components: LANDING_COMPONENTS.map((c) => c.name) },
  ],
} as const

export const LANDING_PAGES = 20
export const BLOCKS_PER_PAGE = 10
/** The relation and media fields of the blocks: one read each for a populated page. */
const BLOCK_ID_FIELDS = ['image', 'author', 'by', 'topics'] as const

export const LANDING_QUERY = `type=landing&limit=${LANDING_PAGES}&populate[sections][populate]=*`
export const LANDING_SCENARIO = `list ${LANDING_PAGES} landing pages x ${BLOCKS_PER_PAGE} blocks + populate`
/**
 * The page, its count, the release marker (docs/releases.md), and one read per relation or media
 * field inside the blocks.
 */
export const LANDING_COMMAND_BUDGET = 3 + BLOCK_ID_FIELDS.length

async function expectOk<T>(what: string, call: Promise<{ status: number; body: T; text: string }>) {
  const response = await call
  if (response.status >= 300) throw new Error(`${what}: ${response.status} ${response.text}`)
  return response.body
}

async function uploadImage(gatewayUrl: string, adminKey: string, n: number): Promise<string> {
  const png = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 40 * n, g: 120, b: 200 } },
  })
    .png()
    .toBuffer()
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), `landing-${n}.png`)
  const response = await fetch(`${gatewayUrl}/api/media`, {
    method: 'POST',
    headers: { 'x-api-key': adminKey },
    body: form,
  })
  const body = (await response.json()) as { id: string }
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${JSON.stringify(body)}`)
  return body.id
}

function block(n: number, related: RelatedDocuments, images: readonly string[]) {
  const person = (k: number) => related.people[k % related.people.length]!
  switch (n % 3) {
    case 0:
      return {
        __component: 'hero',
        heading: `Section ${n}`,
        image: images[n % images.length],
        author: person(n),
      }
    case 1:
      return { __component: 'quote', text: `Quote ${n}: ${'words '.repeat(20)}`, by: person(n + 7) }
    default:
      return {
        __component: 'topic-grid',
        heading: `Topics ${n}`,
        topics: [0, 1, 2].map((k) => related.topics[(n + k) % related.topics.length]!),
      }
  }
}

/**
 * The landing type and its components, a few images, and 20 published landing pages of 10
 * blocks each (heroes with an image and an author, quotes by a person, grids of topics), made
 * through the API: each write goes through the validation of nested values.
 */
export async function seedLandingPages(options: {
  api: ApiCall
  gatewayUrl: string
  adminKey: string
  related: RelatedDocuments
}): Promise<string[]> {
  const { api } = options
  for (const component of LANDING_COMPONENTS) {
    await expectOk(
      `component ${component.name}`,
      api('POST', '/api/components', { body: component }),
    )
  }
  await expectOk('landing type', api('POST', '/api/content-types', { body: LANDING_TYPE }))
  const images: string[] = []
  for (let n = 0; n < 4; n++)
    images.push(await uploadImage(options.gatewayUrl, options.adminKey, n))
  const ids: string[] = []
  for (let page = 0; page < LANDING_PAGES; page++) {
    const sections = Array.from({ length: BLOCKS_PER_PAGE }, (_, n) =>
      block(page * BLOCKS_PER_PAGE + n, options.related, images),
    )
    const created = await expectOk(
      'landing page',
      api<{ id: string }>('POST', '/api/content', {
        body: { type: 'landing', data: { title: `Landing ${page}`, sections } },
      }),
    )
    await expectOk('publish', api('POST', `/api/content/${created.id}/publish`))
    ids.push(created.id)
  }
  return ids
}

/**
 * The populated landing list through the API, and the same reads with the driver: the page and
 * its count, then one `$in` read per relation or media field of the blocks for the whole page.
 */
export function landingScenario(db: Db, websiteId: string): ReadScenario {
  const documents = db.collection<StoredDocument>('documents')
  const media = db.collection<{ _id: string }>('media')
  const filter = { websiteId, status: 'published', type: 'landing' } as Filter<StoredDocument>
  const idsOf = (docs: StoredDocument[], name: (typeof BLOCK_ID_FIELDS)[number]) =>
    [
      ...new Set(
        docs.flatMap((doc) =>
          ((doc.data.sections ?? []) as Array<Record<string, unknown>>).flatMap((item) => {
            const value = item[name]
            return typeof value === 'string' ? [value] : Array.isArray(value) ? value : []
          }),
        ),
      ),
    ] as string[]
  const related = (ids: string[]) =>
    documents.find({ _id: { $in: ids }, websiteId, status: 'published' }).toArray()
  const driver: DriverOperation = async () => {
    const [docs] = await Promise.all([
      documents
        .find(filter)
        .sort({ createdAt: -1, _id: -1 } as Document)
        .limit(LANDING_PAGES)
        .toArray(),
      documents.countDocuments(filter),
    ])
    return Promise.all([
      media.find({ _id: { $in: idsOf(docs, 'image') }, websiteId }).toArray(),
      related(idsOf(docs, 'author')),
      related(idsOf(docs, 'by')),
      related(idsOf(docs, 'topics')),
    ])
  }
  return {
    name: LANDING_SCENARIO,
    paths: [`/api/content?${LANDING_QUERY.replace(/\[/g, '%5B').replace(/\]/g, '%5D')}`],
    driver,
  }
}
