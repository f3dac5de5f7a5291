import type { Db, Document, Filter, Sort } from 'mongodb'
import type { ContentType } from '@cms/content-model'
import type { StoredDocument } from '../services/content/src/document/document.ts'
import { mongoFilterOf, parseListQuery } from '../services/content/src/query/index.ts'
import type { DriverOperation } from './driver-load.ts'
import { landingScenario } from './landing-pages.ts'
import type { SeededDocument } from './seed-documents.ts'

export interface ReadScenario {
  name: string
  /** Paths under the public API, sent round robin. */
  paths: readonly string[]
  /** The same reads with the driver, as the content service makes them. */
  driver: DriverOperation
}

const LIST_QUERIES = {
  list: 'type=article&limit=20',
  listFrench: 'type=article&limit=20&locale=fr',
  filterSort:
    'type=article&filters[data.views][$gt]=5000' +
    '&filters[$or][0][data.category][$eq]=news&filters[$or][1][data.category][$eq]=guide' +
    '&sort=-publishedAt,data.title',
  containsFields: 'type=article&filters[data.title][$contains]=GARDEN&fields=title,slug',
  populate20: 'type=article&limit=20&populate=author,topics',
  populate100: 'type=article&limit=100&populate=author,topics',
}

/** find + count in parallel, with tenancy and visibility added, as list-documents.ts does. */
function listOperation(
  db: Db,
  websiteId: string,
  queryString: string,
  types: ContentType[],
): DriverOperation {
  const query = parseListQuery(queryString, { contentTypes: types })
  const documents = db.collection<StoredDocument>('documents')
  const filter = {
    ...mongoFilterOf(query.where),
    websiteId,
    status: 'published',
  } as Filter<StoredDocument>
  return () =>
    Promise.all([
      documents
        .find(filter, query.projection ? { projection: query.projection as Document } : {})
        .sort(query.sort as Sort)
        .skip((query.page - 1) * query.limit)
        .limit(query.limit)
        .toArray(),
      documents.countDocuments(filter),
    ])
}

/** The page as above, then one `$in` read per populated relation for the whole page. */
function populatedList(
  db: Db,
  websiteId: string,
  name: string,
  queryString: string,
  types: ContentType[],
): ReadScenario {
  const page = listOperation(db, websiteId, queryString, types)
  const documents = db.collection<StoredDocument>('documents')
  const related = (ids: unknown[]) =>
    documents
      .find({ _id: { $in: [...new Set(ids)] as string[] }, websiteId, status: 'published' })
      .toArray()
  return {
    name,
    paths: [`/api/content?${encodeBrackets(queryString)}`],
    driver: async (i) => {
      const [docs] = (await page(i)) as [StoredDocument[], number]
      return Promise.all([
        related(docs.map((doc) => doc.data.author)),
        related(docs.flatMap((doc) => doc.data.topics as string[])),
      ])
    },
  }
}

const encodeBrackets = (queryString: string): string =>
  queryString.replace(/\[/g, '%5B').replace(/\]/g, '%5D').replace(/\$/g, '%24')

export function readScenarios(options: {
  db: Db
  websiteId: string
  contentTypes: ContentType[]
  hot: readonly SeededDocument[]
  /** The website has the landing pages (`seedLandingPages`): their populated list too. */
  landing?: boolean
}): ReadScenario[] {
  const { db, websiteId, contentTypes, hot } = options
  const documents = db.collection<StoredDocument>('documents')
  const slugs = db.collection<{ _id: string; documentId: string }>('slugs')
  const list = (name: string, queryString: string): ReadScenario => ({
    name,
    paths: [`/api/content?${encodeBrackets(queryString)}`],
    driver: listOperation(db, websiteId, queryString, contentTypes),
  })
  return [
    list('list first page', LIST_QUERIES.list),
    list('list first page in fr (fallback)', LIST_QUERIES.listFrench),
    list('list filter + $or + sort', LIST_QUERIES.filterSort),
    list('list $contains + fields', LIST_QUERIES.containsFields),
    populatedList(
      db,
      websiteId,
      'list 20 + populate 2 relations',
      LIST_QUERIES.populate20,
      contentTypes,
    ),
    populatedList(
      db,
      websiteId,
      'list 100 + populate 2 relations',
      LIST_QUERIES.populate100,
      contentTypes,
    ),
    ...(options.landing ? [landingScenario(db, websiteId)] : []),
    {
      name: 'get by id',
      paths: hot.map((doc) => `/api/content/${doc.id}`),
      driver: (i) => documents.findOne({ _id: hot[i % hot.length]!.id }),
    },
    {
      name: 'get by slug',
      paths: hot.map((doc) => `/api/content/by-slug/article/${doc.slug}`),
      driver: async (i) => {
        const doc = hot[i % hot.length]!
        const claim = await slugs.findOne({ _id: JSON.stringify([websiteId, 'article', doc.slug]) })
        return claim && documents.findOne({ _id: claim.documentId })
      },
    },
  ]
}
