import type { ContentType } from '@cms/content-model'
import type { ErrorDetail } from '@cms/errors'
import { DATA_PREFIX, DERIVED_MEMBERS, isDerivedMember } from './base-columns.ts'
import type { DerivedMember } from './base-columns.ts'
import { commaList } from './comma-list.ts'
import { createFieldCatalog } from './field-catalog.ts'
import { quoteValue } from './quote-value.ts'

/** How deep `populate[a][populate][b][populate][c]` may go. */
export const MAX_POPULATE_DEPTH = 3

/** One relation field to populate, and what to do with the documents it names. */
export interface PopulateField {
  name: string
  /** Stored paths of the related documents to show (`fields`); undefined: all of them. */
  fields?: string[]
  /** With `fields`, the computed members they name (`hasPendingDraft`, ...). */
  derived?: Set<DerivedMember>
  /** Relation fields of the related documents to populate in turn. */
  next: PopulateField[]
  /** A media field: its ids name media files, shown whole. */
  media?: true
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

interface Walk {
  types: readonly ContentType[]
  issues: ErrorDetail[]
}

/** The relation fields named `name` in `scope`, and the types they point at. */
function targetsOf(scope: readonly ContentType[], name: string): string[] | undefined {
  const targets = scope.flatMap((type) =>
    type.fields
      .filter((field) => field.name === name && field.type === 'relation' && field.target)
      .map((field) => field.target!),
  )
  return targets.length === 0 ? undefined : [...new Set(targets)]
}

const namesOfType = (scope: readonly ContentType[], fieldType: string): string[] => [
  ...new Set(
    scope.flatMap((type) => type.fields.filter((f) => f.type === fieldType).map((f) => f.name)),
  ),
]
const mediaNames = (scope: readonly ContentType[]) => namesOfType(scope, 'media')
/** What `populate` can name: relation and media fields. */
const relationNames = (scope: readonly ContentType[]): string[] => [
  ...namesOfType(scope, 'relation'),
  ...mediaNames(scope),
]

function readFieldsMember(walk: Walk, raw: unknown, targets: string[], at: string) {
  const names = commaList(raw)
  if (!names) {
    walk.issues.push({ path: at, message: 'fields takes a comma-separated list of names' })
    return undefined
  }
  const paths = new Set<string>()
  const derived = new Set<DerivedMember>()
  for (const name of names.filter(isDerivedMember)) {
    derived.add(name)
    paths.add(DERIVED_MEMBERS[name])
  }
  for (const target of targets) {
    const catalog = createFieldCatalog(walk.types, target)
    for (const name of names.filter((candidate) => !isDerivedMember(candidate))) {
      const lookup = catalog.lookupForProjection(name)
      if (lookup.ok) paths.add(lookup.field.path)
      else walk.issues.push({ path: at, message: lookup.message })
    }
  }
  return { fields: [...paths], derived }
}

/** One level: `a,b`, `*`, the list form, or the object form `{a: {fields, populate}}`. */
function readLevel(
  walk: Walk,
  raw: unknown,
  scope: readonly ContentType[],
  at: string,
  depth: number,
): PopulateField[] {
  if (depth > MAX_POPULATE_DEPTH) {
    walk.issues.push({ path: at, message: `populate nests at most ${MAX_POPULATE_DEPTH} levels` })
    return []
  }
  if (raw === '*') {
    const media = mediaNames(scope)
    return relationNames(scope).map((name) =>
      media.includes(name) ? { name, next: [], media: true } : { name, next: [] },
    )
  }
  const requests: Array<[string, unknown]> = isRecord(raw)
    ? Object.entries(raw)
    : (commaList(raw) ?? []).map((name) => [name, true])
  if (!isRecord(raw) && commaList(raw) === undefined) {
    walk.issues.push({ path: at, message: 'populate takes relation field names, * or an object' })
  }
  const fields: PopulateField[] = []
  for (const [name, request] of requests) {
    const here = isRecord(raw) ? `${at}[${name}]` : at
    const dataName = name.startsWith(DATA_PREFIX) ? name.slice(DATA_PREFIX.length) : name
    if (mediaNames(scope).includes(dataName)) {
      if (request !== true && request !== 'true' && request !== '*') {
        walk.issues.push({ path: here, message: 'a media field is populated whole: send true' })
      }
      fields.push({ name: dataName, next: [], media: true })
      continue
    }
    const targets = targetsOf(scope, dataName)
    if (!targets) {
      const known = relationNames(scope)
      walk.issues.push({
        path: here,
        message: `${quoteValue(name)} is not a relation field${
          known.length > 0 ? ` (relation fields: ${known.join(', ')})` : ''
        }`,
      })
      continue
    }
    fields.push(readRequest(walk, dataName, request, targets, here, depth))
  }
  return fields
}

/** `true` / `*` (populate it), or `{fields, populate}`. */
function readRequest(
  walk: Walk,
  name: string,
  request: unknown,
  targets: string[],
  at: string,
  depth: number,
): PopulateField {
  const field: PopulateField = { name, next: [] }
  if (request === true || request === 'true' || request === '*') return field
  if (!isRecord(request)) {
    walk.issues.push({ path: at, message: 'takes true, or fields and populate' })
    return field
  }
  const targetTypes = walk.types.filter((type) => targets.includes(type.name))
  for (const [member, value] of Object.entries(request)) {
    const here = `${at}[${member}]`
    if (member === 'fields') {
      const read = readFieldsMember(walk, value, targets, here)
      if (read) field.fields = read.fields
      if (read && read.derived.size > 0) field.derived = read.derived
    } else if (member === 'populate') {
      field.next = readLevel(walk, value, targetTypes, here, depth + 1)
    } else {
      walk.issues.push({ path: here, message: 'populate takes fields and populate here' })
    }
  }
  return field
}

/**
 * `populate` as sent, checked against the relation fields of `scope` (the types the documents
 * can have) and, one level further each time, of their targets. Every problem is reported.
 */
export function readPopulate(
  raw: unknown,
  context: { types: readonly ContentType[]; scope: readonly ContentType[] },
): { populate: PopulateField[] | undefined; issues: ErrorDetail[] } {
  if (raw === undefined || raw === '') return { populate: undefined, issues: [] }
  const walk: Walk = { types: context.types, issues: [] }
  const populate = readLevel(walk, raw, context.scope, 'populate', 1)
  return walk.issues.length > 0
    ? { populate: undefined, issues: walk.issues }
    : { populate, issues: [] }
}
