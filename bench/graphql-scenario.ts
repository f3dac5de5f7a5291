import qs from 'qs'
import type { ApiCall } from '@cms/testkit'
import type { RelatedDocuments } from './article-type.ts'
import type { HttpLoad } from './http-load.ts'
import type { Measurement } from './measurement.ts'
import { commandsPerCall } from './storage-commands.ts'

/**
 * GraphQL beside REST (issue 37): the page, 20 stories with their author, topics and a
 * blocks body of heroes with images and quotes by people, read by `GET /api/graphql` and by the
 * REST list with the same populate, on the gateway without its read cache and then with it
 * (`warm`: the service's answers behind both come from the gateway's read cache), in the same run.
 */
export interface GraphqlBench {
  graphql: PageMeasurement
  rest: PageMeasurement
  warm: { graphql: PageMeasurement; rest: PageMeasurement }
}

type PageMeasurement = Measurement & { commandsPerCall: number }

export const STORY_TYPE = {
  name: 'story',
  titleField: 'title',
  fields: [
    { name: 'title', type: 'text', required: true },
    { name: 'author', type: 'relation', target: 'person' },
    { name: 'topics', type: 'relation', target: 'topic', many: true },
    { name: 'body', type: 'blocks', components: ['hero', 'quote'] },
  ],
} as const

const PAGE_QUERY = `{ storyList(sort: ["title"], pageSize: 20) { totalDocs docs { id data { title
  author { data { name } } topics { data { label } }
  body { __typename ... on HeroComponent { heading image { url } } ... on QuoteComponent { text by { data { name } } } } } } } }`

const REST_PAGE = `/api/content?${qs.stringify(
  {
    type: 'story',
    sort: 'title',
    limit: 20,
    populate: { author: true, topics: true, body: { populate: { image: true, by: true } } },
  },
  { encodeValuesOnly: true },
)}`

const GRAPHQL_PAGE = `/api/graphql?${new URLSearchParams({ query: PAGE_QUERY })}`

async function expectOk(what: string, call: ReturnType<ApiCall>) {
  const response = await call
  if (response.status >= 300) throw new Error(`${what}: ${response.status} ${response.text}`)
  return response.body as { id: string }
}

/**
 * The story type (after the landing pages' components) and 20 published stories, before the
 * articles are seeded: each create checks its relations with a read that scans on FerretDB.
 */
export async function seedStories(api: ApiCall, related: RelatedDocuments): Promise<void> {
  await expectOk('story type', api('POST', '/api/content-types', { body: STORY_TYPE }))
  const media = await api<{ docs: { id: string }[] }>('GET', '/api/media?limit=5')
  const images = media.body.docs.map((doc) => doc.id)
  if (images.length === 0) throw new Error('the story page needs the landing pages’ images')
  const person = (k: number) => related.people[k % related.people.length]!
  for (let n = 0; n < 20; n++) {
    const data = {
      title: `Story ${String(n).padStart(2, '0')}`,
      author: person(n),
      topics: [0, 1].map((k) => related.topics[(n + k) % related.topics.length]!),
      body: [
        { __component: 'hero', heading: `Hero ${n}`, image: images[n % images.length] },
        { __component: 'quote', text: `Quote ${n}`, by: person(n + 3) },
      ],
    }
    const created = await expectOk(
      'story',
      api('POST', '/api/content', { body: { type: 'story', data } }),
    )
    await expectOk('publish', api('POST', `/api/content/${created.id}/publish`))
  }
}

/** Sends `path` `calls` times, one after another; throws on a refusal or a GraphQL error. */
async function callsOf(load: HttpLoad, path: string, calls: number): Promise<number> {
  for (let i = 0; i < calls; i++) {
    const response = await fetch(`${load.url}${path}`, { headers: load.headers })
    const text = await response.text()
    if (response.status !== 200 || text.includes('"errors"'))
      throw new Error(`${path}: ${response.status} ${text.slice(0, 300)}`)
  }
  return calls
}

export async function measureGraphqlPage(deps: {
  /** The gateway without its read cache: REST is read from the services on each call too. */
  coldGatewayUrl: string
  /** The gateway with its read cache. */
  warmGatewayUrl: string
  readKey: string
  metricsUrls: readonly string[]
  measure: (what: string, load: HttpLoad) => Promise<Measurement>
  log: (line: string) => void
}): Promise<GraphqlBench> {
  const measured = async (what: string, path: string, url: string): Promise<PageMeasurement> => {
    const load = {
      url,
      paths: [path],
      headers: { 'x-api-key': deps.readKey },
      uncached: url === deps.coldGatewayUrl,
    }
    // Warm, a first call fills the gateway's read cache. Then one call, which also warms the
    // gateway's schema for the measurement: its commands do not vary by call, and on FerretDB a
    // cold one takes ~9 s at 10,000 documents.
    if (!load.uncached) await callsOf(load, path, 1)
    const commands = await commandsPerCall(deps.metricsUrls, () => callsOf(load, path, 1))
    const figures = await deps.measure(what, load)
    deps.log(
      `  ${what}: ${figures.reqPerSec} req/s, p50 ${figures.p50Ms} ms, ${commands.request.content} storage commands per call`,
    )
    return { ...figures, commandsPerCall: commands.request.content }
  }
  const cold = deps.coldGatewayUrl
  const warm = deps.warmGatewayUrl
  return {
    graphql: await measured('GraphQL GET', GRAPHQL_PAGE, cold),
    rest: await measured('REST populate', REST_PAGE, cold),
    warm: {
      graphql: await measured('GraphQL GET (warm)', GRAPHQL_PAGE, warm),
      rest: await measured('REST populate (warm)', REST_PAGE, warm),
    },
  }
}

const pageLine = (what: string, page: PageMeasurement) =>
  `  ${what}: ${page.reqPerSec} req/s, p50 ${page.p50Ms} ms, ${page.commandsPerCall} storage commands per call`

export const formatGraphqlBench = (bench: GraphqlBench): string =>
  [
    `the issue's page (20 stories + author, topics, blocks with images), gateway without read cache:`,
    pageLine('GraphQL GET  ', bench.graphql),
    pageLine('REST populate', bench.rest),
    `the same page through the gateway with its read cache (after one call):`,
    pageLine('GraphQL GET  ', bench.warm.graphql),
    pageLine('REST populate', bench.warm.rest),
  ].join('\n')
