import type { QueryShape } from '@cms/mongo'

export type IndexKey = Record<string, number>

/**
 * Fields a client chooses per content type (`data.*`, and a localized field's value in a locale
 * other than the default, `locales.<code>.*`): lists narrow by the index prefix on website, type
 * and status and filter or sort these in the narrowed set (docs/queries.md).
 */
const isDataField = (field: string) => field.startsWith('data.') || field.startsWith('locales.')

/**
 * Whether MongoDB can serve the shape from `index`: a leading run of the index's fields is fixed
 * by the filter's equality fields (or, with no such run, the index starts with the sort or with a
 * field the filter bounds by a range), and the
 * sort on fields the filter does not fix follows the index right after that run, all in the
 * index's directions or all reversed. Sorting on a data field is done in the narrowed set.
 */
export function servedBy(shape: QueryShape, index: IndexKey): boolean {
  const fields = Object.keys(index)
  const fixed = new Set(shape.equality)
  let prefix = 0
  while (prefix < fields.length && fixed.has(fields[prefix]!)) prefix++
  const sort = shape.sort.filter(([field]) => !fixed.has(field))
  // No equality or sort to lead with: a range on the index's first field is served by it.
  if (prefix === 0 && sort.length === 0) return shape.range.includes(fields[0]!)
  if (sort.length === 0 || sort.some(([field]) => isDataField(field))) return prefix > 0
  let direction: 1 | -1 | undefined
  for (let i = 0; i < sort.length; i++) {
    const [field, wanted] = sort[i]!
    const indexField = fields[prefix + i]
    if (indexField !== field) return false
    const relative = (wanted * Math.sign(index[field]!)) as 1 | -1
    direction ??= relative
    if (relative !== direction) return false
  }
  return true
}

/** The shapes no index serves; a filter on `_id` always is. */
export function unservedShapes(
  shapes: readonly (QueryShape & { database: string })[],
  indexesOf: (database: string, collection: string) => readonly IndexKey[],
): (QueryShape & { database: string })[] {
  return shapes.filter((shape) => {
    if (shape.equality.includes('_id')) return false
    const indexes = indexesOf(shape.database, shape.collection)
    return !indexes.some((index) => servedBy(shape, index))
  })
}
