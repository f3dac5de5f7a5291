import type { ContentQuery, Filters } from '@cms/client'
import type { EditorSite } from '../editor-site.ts'

export const STATUSES = ['draft', 'published'] as const
export type StatusFilter = (typeof STATUSES)[number] | ''

export const SORTS = [
  { value: '-updatedAt', label: 'Recently updated' },
  { value: '-createdAt', label: 'Newest first' },
  { value: 'createdAt', label: 'Oldest first' },
  { value: 'title', label: 'Title A–Z' },
  { value: '-title', label: 'Title Z–A' },
] as const

export const DOCUMENTS_PER_PAGE = 20

/** The list's settings as the hash carries them. */
export interface ListSettings {
  type: string
  status: StatusFilter
  search: string
  sort: string
  page: number
}

export function readSettings(query: URLSearchParams): ListSettings {
  const status = query.get('status')
  const page = Number(query.get('page'))
  return {
    type: query.get('type') ?? '',
    status: status === 'draft' || status === 'published' ? status : '',
    search: query.get('q') ?? '',
    sort: SORTS.some((sort) => sort.value === query.get('sort'))
      ? (query.get('sort') as string)
      : '-updatedAt',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  }
}

export function writeSettings(settings: ListSettings): URLSearchParams {
  const query = new URLSearchParams()
  if (settings.type) query.set('type', settings.type)
  if (settings.status) query.set('status', settings.status)
  if (settings.search) query.set('q', settings.search)
  if (settings.sort !== '-updatedAt') query.set('sort', settings.sort)
  if (settings.page > 1) query.set('page', String(settings.page))
  return query
}

/** The title fields the search and the title sort use: the chosen type's, or every type's. */
function titleFields(site: EditorSite, type: string): string[] {
  const types = type ? site.types.filter((each) => each.name === type) : site.types
  return [...new Set(types.flatMap((each) => (each.titleField ? [each.titleField] : [])))]
}

/** Text search is `$containsi` on the title field; across types, any type's title field. */
function searchFilter(site: EditorSite, settings: ListSettings): Filters | undefined {
  const search = settings.search.trim()
  if (!search) return undefined
  const fields = titleFields(site, settings.type)
  if (fields.length === 0) return { slug: { $containsi: search } }
  const clauses = fields.map((field) => ({ [`data.${field}`]: { $containsi: search } }))
  return clauses.length === 1 ? clauses[0] : { $or: clauses }
}

/** A title sort needs one title field: the type's, else the slug stands in. */
function sortOf(site: EditorSite, settings: ListSettings): string {
  const descending = settings.sort.startsWith('-')
  const name = settings.sort.replace(/^-/, '')
  if (name !== 'title') return settings.sort
  const fields = titleFields(site, settings.type)
  const key = fields.length === 1 ? `data.${fields[0]}` : 'slug'
  return `${descending ? '-' : ''}${key}`
}

/** `GET /api/content` with drafts: the page the settings ask for. */
export function listQuery(site: EditorSite, settings: ListSettings): ContentQuery {
  const filters: Filters = { ...searchFilter(site, settings) }
  if (settings.status) filters.status = { $eq: settings.status }
  return {
    draft: true,
    ...(settings.type ? { type: settings.type } : {}),
    ...(Object.keys(filters).length > 0 ? { filters } : {}),
    sort: sortOf(site, settings),
    page: settings.page,
    limit: DOCUMENTS_PER_PAGE,
  }
}

/** The same list without paging or status, counted per status (one item asked, only the count read). */
export function countQuery(
  site: EditorSite,
  settings: ListSettings,
  status: StatusFilter,
): ContentQuery {
  const query = listQuery(site, { ...settings, status, page: 1 })
  return { ...query, limit: 1, fields: 'slug' }
}
