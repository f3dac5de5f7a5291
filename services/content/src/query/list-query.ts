import type { ContentType } from '@cms/content-model'
import { ValidationError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import { ALL_DERIVED_MEMBERS } from './base-columns.ts'
import type { DerivedMembers } from './base-columns.ts'
import { createFieldCatalog } from './field-catalog.ts'
import { readFields } from './fields-param.ts'
import type { Projection } from './fields-param.ts'
import { allOf } from './filter-node.ts'
import type { FilterNode } from './filter-node.ts'
import { translateFilter } from './filter-translator.ts'
import { validateFilters } from './filter-validator.ts'
import { readPage } from './page-params.ts'
import { readPopulate } from './populate-param.ts'
import type { PopulateField } from './populate-param.ts'
import { parseQueryString } from '@cms/http'
import { quoteValue } from './quote-value.ts'
import { readSort } from './sort-param.ts'
import type { SortKey } from './sort-param.ts'

export interface ListQuery {
  /**
   * The client's filter (and `type`), without tenancy or visibility; conditions on related
   * documents' fields are resolved to ids before `translateFilter` makes it MongoDB's.
   */
  where: FilterNode
  type?: string
  draft: boolean
  /** Always ends with the id, in the direction of the key before it. */
  sort: SortKey[]
  page: number
  limit: number
  /** Only with `pagination[withCount]=false`: the list is not counted (no count query). */
  withCount?: false
  /** On stored paths; `_id` is always kept. */
  projection?: Projection
  /** The computed members the answer shows when `fields` narrows them; undefined: all. */
  derived?: DerivedMembers
  /** Relation fields whose ids become the documents they name. */
  populate?: PopulateField[]
  /** `locale` as sent; checked against the website's locales by the caller. */
  locale?: unknown
}

export interface ListQueryContext {
  /** The website's content types; data fields are declared by them. */
  contentTypes: readonly ContentType[]
}

const PARAMETERS: ReadonlySet<string> = new Set([
  'type',
  'draft',
  'page',
  'limit',
  'pagination',
  'filters',
  'sort',
  'fields',
  'populate',
  'locale',
])
const TYPE_NAME = /^[a-z][a-z0-9_-]{0,63}$/

/** `type` names one of the website's content types; an unknown name is 422 naming it, not `[]`. */
function readType(
  raw: unknown,
  contentTypes: readonly ContentType[],
): { type: string | undefined; issues: ErrorDetail[] } {
  if (raw === undefined || raw === '') return { type: undefined, issues: [] }
  if (typeof raw !== 'string' || !TYPE_NAME.test(raw)) {
    return {
      type: undefined,
      issues: [{ path: 'type', message: 'type must be one content type name' }],
    }
  }
  if (contentTypes.some((contentType) => contentType.name === raw)) return { type: raw, issues: [] }
  return {
    type: undefined,
    issues: [{ path: 'type', message: `unknown content type ${quoteValue(raw)}` }],
  }
}

function readDraft(raw: unknown): { draft: boolean; issues: ErrorDetail[] } {
  if (raw === undefined || raw === 'false') return { draft: false, issues: [] }
  if (raw === 'true') return { draft: true, issues: [] }
  return { draft: false, issues: [{ path: 'draft', message: 'draft must be true or false' }] }
}

function unknownParameters(params: Readonly<Record<string, unknown>>): ErrorDetail[] {
  return Object.keys(params)
    .filter((name) => !PARAMETERS.has(name))
    .map((name) => ({
      path: name.slice(0, 200),
      message: `unknown query parameter ${quoteValue(name)}`,
    }))
}

/**
 * GET /api/content's query string as one MongoDB filter, sort, page and projection. Everything is
 * validated first; a request with any problem gets one 422 that lists them all.
 */
export function parseListQuery(rawQueryString: string, context: ListQueryContext): ListQuery {
  const params = parseQueryString(rawQueryString)
  const { type, issues: typeIssues } = readType(params.type, context.contentTypes)
  const { draft, issues: draftIssues } = readDraft(params.draft)
  const { page, limit, withCount, issues: pageIssues } = readPage(params)
  const catalog = createFieldCatalog(context.contentTypes, type)
  const filters = validateFilters(params.filters, catalog)
  const { sort, issues: sortIssues } = readSort(params.sort, catalog)
  const { projection, derived, issues: fieldIssues } = readFields(params.fields, catalog)
  const { populate, issues: populateIssues } = readPopulate(params.populate, {
    types: context.contentTypes,
    scope:
      type === undefined
        ? context.contentTypes
        : context.contentTypes.filter((t) => t.name === type),
  })
  const issues = [
    ...unknownParameters(params),
    ...typeIssues,
    ...draftIssues,
    ...pageIssues,
    ...filters.issues,
    ...sortIssues,
    ...fieldIssues,
    ...populateIssues,
  ]
  if (issues.length > 0) throw new ValidationError('Invalid query parameters', issues)

  const typeCondition: FilterNode[] =
    type === undefined
      ? []
      : [{ op: 'condition', path: 'type', kind: 'string', operator: '$eq', value: type }]
  return {
    where: allOf([...typeCondition, filters.node]),
    ...(type === undefined ? {} : { type }),
    draft,
    sort,
    page,
    limit,
    ...(withCount ? {} : { withCount }),
    ...(projection ? { projection } : {}),
    ...(derived === ALL_DERIVED_MEMBERS ? {} : { derived }),
    ...(populate ? { populate } : {}),
    ...(params.locale === undefined ? {} : { locale: params.locale }),
  }
}

/** The filter as MongoDB's, once related conditions are resolved (`resolveRelatedConditions`). */
export function mongoFilterOf(where: FilterNode): Record<string, unknown> {
  return topLevel(translateFilter(where))
}

/** A lone `$and` at the top, so the caller can spread it beside websiteId and status without a clash. */
function topLevel(filter: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(filter)
  if (keys.length === 0 || (keys.length === 1 && keys[0] === '$and')) return filter
  return { $and: [filter] }
}
