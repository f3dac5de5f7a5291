import type { ContentType } from '@cms/client'
import type { EditorSite } from '../editor-site.ts'

/**
 * A field as the form renders it: a component field carries its component's `fields` and a
 * blocks field each allowed component's (`blocks`), themselves resolved (editor/resolved-type.ts).
 */
export type Field = ContentType['fields'][number] & {
  fields?: Field[]
  blocks?: { name: string; fields: Field[] }[]
}

/** What every field input gets; `id` is its control's id, `${id}-label` its label's. */
export interface FieldProps {
  field: Field
  id: string
  /** Where the value sits in the document's data (field-path.ts). */
  path: string
  value: unknown
  onChange: (value: unknown) => void
  invalid: boolean
  /** The ids of its hint and error, for `aria-describedby`. */
  describedBy: string | undefined
  site: EditorSite
  /** The API's problems shown at the value at `path` (nested inputs ask for theirs). */
  problemsAt: (path: string) => string[]
}
