import qs from 'qs'
import type { Filter } from 'mongodb'
import { ValidationError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import type { MediaRecord } from './media-types.ts'

/** `filters[<field>][<op>]=value` (or a bare value for `$eq`) on the fields the spec names. */
const FIELDS = {
  id: 'id',
  mimeType: 'text',
  filename: 'text',
  createdAt: 'date',
  size: 'number',
} as const
type FieldName = keyof typeof FIELDS

/** Where a filter field is stored, when not under its own name. */
const COLUMNS: Partial<Record<FieldName, string>> = { id: '_id' }

const OPERATORS: Readonly<Record<(typeof FIELDS)[FieldName], readonly string[]>> = {
  // Ids, so a page naming files (the editor's history) reads them all in one call.
  id: ['$eq', '$in'],
  text: ['$eq', '$ne', '$in', '$startsWith', '$containsi'],
  date: ['$eq', '$gt', '$gte', '$lt', '$lte'],
  number: ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte'],
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

function coerce(kind: string, raw: unknown, path: string, problems: ErrorDetail[]): unknown {
  if (typeof raw !== 'string') {
    problems.push({ path, message: 'must be a single value' })
    return undefined
  }
  if (kind === 'number') {
    if (!/^\d{1,15}$/.test(raw)) problems.push({ path, message: 'must be a whole number' })
    return Number(raw)
  }
  if (kind === 'date') {
    const date = new Date(raw)
    if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(date.getTime()))
      problems.push({ path, message: 'must be an ISO 8601 date or date-time' })
    return date
  }
  return raw
}

function condition(kind: string, op: string, value: unknown): unknown {
  if (op === '$startsWith') return { $regex: `^${escapeRegex(String(value))}` }
  if (op === '$containsi') return { $regex: escapeRegex(String(value)), $options: 'i' }
  return { [op]: value }
}

/** The list's filter for a website: every unknown field, operator or value is one 422. */
export function mediaListFilter(websiteId: string, queryString: string): Filter<MediaRecord> {
  const parsed = qs.parse(queryString, { depth: 3, arrayLimit: 100, allowPrototypes: false })
  const problems: ErrorDetail[] = []
  const filter: Record<string, unknown> = { websiteId }
  for (const name of Object.keys(parsed)) {
    if (!['filters', 'page', 'limit'].includes(name))
      problems.push({ path: name, message: 'unknown parameter: use filters, page and limit' })
  }
  const filters = parsed.filters
  if (filters !== undefined && (typeof filters !== 'object' || Array.isArray(filters)))
    problems.push({ path: 'filters', message: 'must be filters[<field>][<operator>]=<value>' })
  for (const [field, spec] of Object.entries((filters as Record<string, unknown>) ?? {})) {
    const kind = FIELDS[field as FieldName]
    if (!kind) {
      problems.push({
        path: `filters.${field}`,
        message: `unknown field: filters apply to ${Object.keys(FIELDS).join(', ')}`,
      })
      continue
    }
    const conditions: Record<string, unknown> =
      typeof spec === 'object' && spec !== null && !Array.isArray(spec)
        ? (spec as Record<string, unknown>)
        : { $eq: spec }
    const parts: unknown[] = []
    for (const [op, raw] of Object.entries(conditions)) {
      const path = `filters.${field}.${op}`
      if (!OPERATORS[kind].includes(op)) {
        problems.push({
          path,
          message: `unknown operator: ${field} takes ${OPERATORS[kind].join(', ')}`,
        })
        continue
      }
      const value =
        op === '$in'
          ? (Array.isArray(raw) ? raw : [raw]).map((item) => coerce(kind, item, path, problems))
          : coerce(kind, raw, path, problems)
      parts.push(condition(kind, op, value))
    }
    const column = COLUMNS[field as FieldName] ?? field
    if (parts.length === 1) filter[column] = parts[0]
    else if (parts.length > 1) {
      filter.$and = [
        ...((filter.$and as unknown[]) ?? []),
        ...parts.map((part) => ({ [column]: part })),
      ]
    }
  }
  if (problems.length > 0) throw new ValidationError('Invalid media list parameters', problems)
  return filter as Filter<MediaRecord>
}
