/**
 * Indexes for the list queries on `documents` (see docs/queries.md). Every list is scoped by
 * websiteId and status (`$in` both statuses with draft=true, which MongoDB merges in index
 * order), perhaps by type, and sorted by one base column with the id last, in the column's
 * direction. So each sortable column has one index per prefix, walked forwards or backwards.
 */
export interface IndexSpec {
  name: string
  key: Record<string, 1 | -1>
}

export const SORTABLE_COLUMNS = ['createdAt', 'publishedAt', 'updatedAt', 'slug'] as const

export const LIST_INDEXES: readonly IndexSpec[] = SORTABLE_COLUMNS.flatMap((column) => [
  { name: `list_${column}_by_status`, key: { websiteId: 1, status: 1, [column]: -1, _id: -1 } },
  {
    name: `list_${column}_by_type_status`,
    key: { websiteId: 1, type: 1, status: 1, [column]: -1, _id: -1 },
  },
])

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/

/**
 * The index for a hot data field of one content type: lists of that type filtered or sorted by
 * the field. `dataFieldIndex('product', 'price')` for `type=product&sort=price` or price filters.
 */
export function dataFieldIndex(
  typeName: string,
  fieldName: string,
  direction: 1 | -1 = 1,
): IndexSpec {
  if (!FIELD_NAME.test(fieldName)) throw new Error(`not a field name: ${fieldName}`)
  return {
    name: `hot_${typeName}_${fieldName}`,
    key: { websiteId: 1, type: 1, status: 1, [`data.${fieldName}`]: direction, _id: direction },
  }
}
