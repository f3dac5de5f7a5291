import type { ContentType } from '@cms/client'
import type { EditorSite } from '../editor-site.ts'

export type Field = ContentType['fields'][number]

/** What every field input gets; `id` is its control's id, `${id}-label` its label's. */
export interface FieldProps {
  field: Field
  id: string
  value: unknown
  onChange: (value: unknown) => void
  invalid: boolean
  /** The ids of its hint and error, for `aria-describedby`. */
  describedBy: string | undefined
  site: EditorSite
}
