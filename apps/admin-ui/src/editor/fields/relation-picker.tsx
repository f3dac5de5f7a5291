import { titleOf, typeNamed } from '../editor-site.ts'
import type { FieldProps } from './field-props.ts'
import { SearchPicker } from './search-picker.tsx'

export const idsOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((each): each is string => typeof each === 'string')
    : typeof value === 'string'
      ? [value]
      : []

/** Documents of the target type (drafts too), searched on its title field. */
export function RelationPicker({
  field,
  id,
  value,
  onChange,
  invalid,
  describedBy,
  site,
}: FieldProps) {
  const target = field.target ?? ''
  const titleField = typeNamed(site, target)?.titleField
  const many = field.many === true
  return (
    <SearchPicker
      id={id}
      label={field.label}
      many={many}
      ids={idsOf(value)}
      invalid={invalid}
      describedBy={describedBy}
      onChange={(ids) => onChange(many ? (ids.length ? ids : null) : (ids[0] ?? null))}
      search={async (text) => {
        const page = await site.client.content.list({
          type: target,
          draft: true,
          limit: 10,
          sort: '-updatedAt',
          ...(text
            ? {
                filters: titleField
                  ? { [`data.${titleField}`]: { $containsi: text } }
                  : { slug: { $containsi: text } },
              }
            : {}),
        })
        return page.docs.map((doc) => ({ id: doc.id, label: titleOf(site, doc) }))
      }}
      resolve={async (ids) => {
        const page = await site.client.content.list({
          filters: { id: { $in: ids } },
          draft: true,
          limit: ids.length,
          withCount: false,
        })
        return page.docs.map((doc) => ({ id: doc.id, label: titleOf(site, doc) }))
      }}
    />
  )
}
