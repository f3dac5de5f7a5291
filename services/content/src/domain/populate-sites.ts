import { blockShapeOf, isPlainObject } from '@cms/content-model'
import type { FieldDefinition } from '@cms/content-model'
import type { PopulateField } from '../query/index.ts'

/** A relation or media field one level populates, and the component fields it sits in. */
export interface PopulateSite {
  /** The component and blocks fields from the document's data down to it (empty: on the data). */
  trail: readonly string[]
  field: PopulateField
}

/** Every relation and media field of one populate level, inside component and blocks fields too. */
export function sitesOf(
  fields: readonly PopulateField[],
  trail: readonly string[] = [],
): PopulateSite[] {
  return fields.flatMap((field) =>
    field.inline ? sitesOf(field.next, [...trail, field.name]) : [{ trail, field }],
  )
}

const isIdField = (field: FieldDefinition) => field.type === 'relation' || field.type === 'media'

/** The fields of one item of a component or blocks value (none: an item it does not allow). */
function itemFields(group: FieldDefinition, item: unknown): readonly FieldDefinition[] | undefined {
  if (!isPlainObject(item)) return undefined
  if (group.type === 'component') return group.fields ?? []
  return blockShapeOf(group, item)?.fields
}

/**
 * `data` (of a document whose type has `fields`, resolved) with each value the site names
 * replaced by `replace(field, value)`: the site's field on the data itself, or on every item of
 * the component and blocks values along its trail. Values that are null or missing, and fields
 * that are (now) of another type, stay as they are. `data` itself is not changed.
 */
export function mapSiteValues(
  fields: readonly FieldDefinition[],
  data: Record<string, unknown>,
  site: PopulateSite,
  replace: (field: FieldDefinition, value: unknown) => unknown,
): Record<string, unknown> {
  const [head, ...rest] = site.trail
  if (head === undefined) {
    const field = fields.find((candidate) => candidate.name === site.field.name)
    const value = data[site.field.name]
    if (!field || !isIdField(field) || value === null || value === undefined) return data
    return { ...data, [field.name]: replace(field, value) }
  }
  const group = fields.find((candidate) => candidate.name === head)
  const value = data[head]
  if (!group || (group.type !== 'component' && group.type !== 'blocks')) return data
  const inner = { trail: rest, field: site.field }
  const mapItem = (item: unknown) => {
    const shape = itemFields(group, item)
    return shape ? mapSiteValues(shape, item as Record<string, unknown>, inner, replace) : item
  }
  const listed = group.type === 'blocks' || group.repeatable === true
  if (listed) return Array.isArray(value) ? { ...data, [head]: value.map(mapItem) } : data
  return isPlainObject(value) ? { ...data, [head]: mapItem(value) } : data
}

/** Calls `visit` with each value the site names in `data` (see `mapSiteValues`). */
export function forEachSiteValue(
  fields: readonly FieldDefinition[],
  data: Record<string, unknown>,
  site: PopulateSite,
  visit: (field: FieldDefinition, value: unknown) => void,
): void {
  mapSiteValues(fields, data, site, (field, value) => {
    visit(field, value)
    return value
  })
}
