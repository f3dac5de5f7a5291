import type { MediaFile } from '@cms/client'
import type { FieldProps } from './field-props.ts'
import { idsOf } from './relation-picker.tsx'
import { SearchPicker } from './search-picker.tsx'
import type { PickerOption } from './search-picker.tsx'

const RASTER = /^image\/(png|jpeg|webp|avif|gif)$/

const optionOf = (file: MediaFile): PickerOption => ({
  id: file.id,
  label: file.alt ? `${file.filename} (${file.alt})` : file.filename,
  ...(RASTER.test(file.mimeType) ? { thumbnail: `${file.url}?w=160` } : {}),
})

/** The website's media library, newest first, searched on the file name. */
export function MediaPicker({
  field,
  id,
  value,
  onChange,
  invalid,
  describedBy,
  site,
}: FieldProps) {
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
        const page = await site.client.media.list({
          limit: 12,
          ...(text ? { filters: { filename: { $containsi: text } } } : {}),
        })
        return page.docs.map(optionOf)
      }}
      resolve={async (ids) => {
        const page = await site.client.media.list({
          filters: { id: { $in: ids } },
          limit: ids.length,
        })
        return page.docs.map(optionOf)
      }}
    />
  )
}
