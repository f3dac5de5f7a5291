import { ValidationError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import type { DocumentData } from '../domain/document.ts'
import { parseQueryString } from '../query/index.ts'

export interface CreateBody {
  type: string
  data: DocumentData
  slug?: string
}

export interface PatchBody {
  data?: DocumentData
  slug?: string
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function membersOf(
  body: unknown,
  allowed: readonly string[],
): { members: Record<string, unknown>; problems: ErrorDetail[] } {
  if (!isPlainObject(body)) {
    throw new ValidationError('The request body must be a JSON object', [
      { path: '', message: 'must be a JSON object' },
    ])
  }
  const problems = Object.keys(body)
    .filter((key) => !allowed.includes(key))
    .map((key) => ({
      path: key.slice(0, 100),
      message: `is not accepted here; send ${allowed.join(', ')}`,
    }))
  return { members: body, problems }
}

function optionalSlug(
  members: Record<string, unknown>,
  problems: ErrorDetail[],
): string | undefined {
  if (members.slug === undefined) return undefined
  if (typeof members.slug === 'string') return members.slug
  problems.push({ path: 'slug', message: 'must be a string' })
  return undefined
}

function fail(problems: ErrorDetail[]): never {
  throw new ValidationError('The request body is invalid', problems)
}

/** POST /api/content: `type` and `data` are required, `slug` optional, nothing else. */
export function parseCreateBody(body: unknown): CreateBody {
  const { members, problems } = membersOf(body, ['type', 'data', 'slug'])
  if (typeof members.type !== 'string' || members.type === '')
    problems.push({ path: 'type', message: 'is required and must be a content type name' })
  if (!isPlainObject(members.data))
    problems.push({ path: 'data', message: 'is required and must be an object' })
  const slug = optionalSlug(members, problems)
  if (problems.length > 0) fail(problems)
  return {
    type: members.type as string,
    data: members.data as DocumentData,
    ...(slug === undefined ? {} : { slug }),
  }
}

/** PATCH /api/content/:id: `data` (a merge patch) and `slug`, both optional, nothing else. */
export function parsePatchBody(body: unknown): PatchBody {
  const { members, problems } = membersOf(body, ['data', 'slug'])
  if (members.data !== undefined && !isPlainObject(members.data))
    problems.push({ path: 'data', message: 'must be an object' })
  const slug = optionalSlug(members, problems)
  if (problems.length > 0) fail(problems)
  return {
    ...(members.data === undefined ? {} : { data: members.data as DocumentData }),
    ...(slug === undefined ? {} : { slug }),
  }
}

/** `populate` on single-document reads, in any of its forms (undefined when not sent). */
export function parsePopulateParam(queryString: string): unknown {
  if (!queryString.includes('populate')) return undefined
  const populate = parseQueryString(queryString).populate
  return populate === '' ? undefined : populate
}

/** A `true` / `false` query parameter (absent: false). */
export function parseFlag(queryString: string, name: string): boolean {
  const values = new URLSearchParams(queryString).getAll(name)
  if (values.length === 0) return false
  if (values.length === 1 && (values[0] === 'true' || values[0] === 'false'))
    return values[0] === 'true'
  throw ValidationError.single(name, `${name} must be true or false`)
}

/** `draft` on single-document reads: `true` or `false`, as on lists. */
export const parseDraftParam = (queryString: string): boolean => parseFlag(queryString, 'draft')
