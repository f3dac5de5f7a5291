import type { ContentType, FieldDefinition } from '@cms/content-model'
import type { ErrorDetail } from '@cms/errors'
import { DATA_PREFIX, DERIVED_MEMBERS, isDerivedMember } from './base-columns.ts'
import type { DerivedMember } from './base-columns.ts'
import { commaList } from './comma-list.ts'
import { createFieldCatalog } from './field-catalog.ts'
import { quoteValue } from './quote-value.ts'

/** How deep `populate[a][populate][b][populate][c]` may go. */
export const MAX_POPULATE_DEPTH = 3

/**
 * One field to populate: a relation or media field whose ids become what they name, or a
 * component or blocks field (`inline`), shown in place, whose items' fields in `next` are
 * populated in turn.
 */
export interface PopulateField {
  name: string
  /** Stored paths of the related documents to show (`fields`); undefined: all of them. */
  fields?: string[]
  /** With `fields`, the computed members they name (`hasPendingDraft`, ...). */
  derived?: Set<DerivedMember>
  /**
   * Relation fields of the related documents to populate in turn; for an `inline` field, the
   * fields of its items (on the same documents, so no read of their own).
   */
  next: PopulateField[]
  /** A media field: its ids name media files, shown whole. */
  media?: true
  /** A component or blocks field. */
  inline?: true
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** `true` or `*`: the field as a whole, with nothing more asked of it. */
const isWhole = (request: unknown) => request === true || request === 'true' || request === '*'

const isGroupField = (field: FieldDefinition) =>
  field.type === 'component' || field.type === 'blocks'

/** The field lists one populate level applies to: documents' types, or components' fields. */
type Scope = ReadonlyArray<readonly FieldDefinition[]>

interface Walk {
  types: readonly ContentType[]
  issues: ErrorDetail[]
}

const fieldsNamed = (scope: Scope, name: string): FieldDefinition[] =>
  scope.flatMap((fields) => fields.filter((field) => field.name === name))

/** The relation fields named `name` in `scope`, and the types they point at. */
function targetsOf(scope: Scope, name: string): string[] | undefined {
  const targets = fieldsNamed(scope, name)
    .filter((field) => field.type === 'relation' && field.target)
    .map((field) => field.target!)
  return targets.length === 0 ? undefined : [...new Set(targets)]
}

const namesOfType = (scope: Scope, ...fieldTypes: string[]): string[] => [
  ...new Set(
    scope.flatMap((fields) =>
      fields.filter((field) => fieldTypes.includes(field.type)).map((field) => field.name),
    ),
  ),
]
const mediaNames = (scope: Scope) => namesOfType(scope, 'media')
/** What `populate` reads: relation and media fields (`*` populates these). */
const relationNames = (scope: Scope): string[] => [
  ...namesOfType(scope, 'relation'),
  ...mediaNames(scope),
]
const groupNames = (scope: Scope) => namesOfType(scope, 'component', 'blocks')

/** The fields of the items a component or blocks field holds (every allowed component's). */
const itemScope = (groups: readonly FieldDefinition[]): Scope =>
  groups.flatMap((group) =>
    group.type === 'blocks'
      ? (group.blocks ?? []).map((shape) => shape.fields)
      : [group.fields ?? []],
  )

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
  scope: Scope,
  at: string,
  depth: number,
): PopulateField[] {
  if (depth > MAX_POPULATE_DEPTH) {
    walk.issues.push({ path: at, message: `populate nests at most ${MAX_POPULATE_DEPTH} levels` })
    return []
  }
  if (raw === '*') {
    // One level, as Strapi's: component and blocks values are shown anyway; what they name is
    // populated only when asked.
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
      if (!isWhole(request)) {
        walk.issues.push({ path: here, message: 'a media field is populated whole: send true' })
      }
      fields.push({ name: dataName, next: [], media: true })
      continue
    }
    if (groupNames(scope).includes(dataName)) {
      const groups = fieldsNamed(scope, dataName).filter(isGroupField)
      fields.push(readGroup(walk, dataName, request, itemScope(groups), here, depth))
      continue
    }
    const targets = targetsOf(scope, dataName)
    if (!targets) {
      walk.issues.push({ path: here, message: notPopulatable(name, scope) })
      continue
    }
    fields.push(readRequest(walk, dataName, request, targets, here, depth))
  }
  return fields
}

function notPopulatable(name: string, scope: Scope): string {
  const known = relationNames(scope)
  const groups = groupNames(scope)
  const lists = [
    ...(known.length > 0 ? [`relation fields: ${known.join(', ')}`] : []),
    ...(groups.length > 0 ? [`component fields: ${groups.join(', ')}`] : []),
  ]
  return `${quoteValue(name)} is not a relation field${lists.length > 0 ? ` (${lists.join('; ')})` : ''}`
}

/**
 * A component or blocks field: `true` / `*` (shown in place, as always), or `{populate}` for
 * the relation and media fields of its items. Its items are on the same documents, so it is no
 * level of its own.
 */
function readGroup(
  walk: Walk,
  name: string,
  request: unknown,
  scope: Scope,
  at: string,
  depth: number,
): PopulateField {
  const field: PopulateField = { name, next: [], inline: true }
  if (isWhole(request)) return field
  if (!isRecord(request)) {
    walk.issues.push({ path: at, message: 'takes true, or populate' })
    return field
  }
  for (const [member, value] of Object.entries(request)) {
    const here = `${at}[${member}]`
    if (member === 'populate') field.next = readLevel(walk, value, scope, here, depth)
    else {
      walk.issues.push({
        path: here,
        message: 'a component or blocks field is shown whole; it takes populate here',
      })
    }
  }
  return field
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
  if (isWhole(request)) return field
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
      field.next = readLevel(
        walk,
        value,
        targetTypes.map((type) => type.fields),
        here,
        depth + 1,
      )
    } else {
      walk.issues.push({ path: here, message: 'populate takes fields and populate here' })
    }
  }
  return field
}

/**
 * `populate` as sent, checked against the relation fields of `scope` (the types the documents
 * can have) and, one level further each time, of their targets; a component or blocks field
 * named reaches the fields of its items. Every problem is reported.
 */
export function readPopulate(
  raw: unknown,
  context: { types: readonly ContentType[]; scope: readonly ContentType[] },
): { populate: PopulateField[] | undefined; issues: ErrorDetail[] } {
  if (raw === undefined || raw === '') return { populate: undefined, issues: [] }
  const walk: Walk = { types: context.types, issues: [] }
  const scope = context.scope.map((type) => type.fields)
  const populate = readLevel(walk, raw, scope, 'populate', 1)
  return walk.issues.length > 0
    ? { populate: undefined, issues: walk.issues }
    : { populate, issues: [] }
}
