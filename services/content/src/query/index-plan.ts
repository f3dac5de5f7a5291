/**
 * Indexes for the list queries on `documents` (see docs/queries.md). Every list is scoped by
 * websiteId, filtered by status unless draft=true, and sorted by a date with the id last, so
 * keys follow that order: equality first, then the sort. On FerretDB they only cost writes.
 */
export interface IndexSpec {
  name: string
  key: Record<string, 1 | -1>
}

export const LIST_INDEXES: readonly IndexSpec[] = [
  { name: 'list_by_status_created', key: { websiteId: 1, status: 1, createdAt: -1, _id: 1 } },
  {
    name: 'list_by_type_status_created',
    key: { websiteId: 1, type: 1, status: 1, createdAt: -1, _id: 1 },
  },
  { name: 'list_by_status_published', key: { websiteId: 1, status: 1, publishedAt: -1, _id: 1 } },
  { name: 'list_drafts_created', key: { websiteId: 1, createdAt: -1, _id: 1 } },
  { name: 'list_by_slug', key: { websiteId: 1, slug: 1 } },
]

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
    key: { websiteId: 1, type: 1, status: 1, [`data.${fieldName}`]: direction, _id: 1 },
  }
}
