import type { EditorSite } from '../editor-site.ts'
import { moved } from '../fields/nested-value.ts'
import { FieldEditor } from './field-editor.tsx'
import { newField } from './type-draft.ts'
import type { FieldDraft } from './type-draft.ts'

/** The fields of a type or a component: each one's editor, moved, removed, and "Add field". */
export function FieldsEditor({
  site,
  fields,
  onChange,
  typeName,
  componentName,
  localizedType,
  problems,
}: {
  site: EditorSite
  fields: FieldDraft[]
  onChange: (fields: FieldDraft[]) => void
  typeName: string
  componentName?: string
  localizedType: boolean
  problems: (place: string) => string[]
}) {
  return (
    <>
      <h2>Fields</h2>
      {fields.map((field, index) => (
        <FieldEditor
          key={field.key}
          site={site}
          index={index}
          count={fields.length}
          field={field}
          typeName={typeName}
          componentName={componentName}
          localizedType={localizedType}
          problems={problems}
          onChange={(patch) =>
            onChange(fields.map((each, i) => (i === index ? { ...each, ...patch } : each)))
          }
          onMove={(by) => onChange(moved(fields, index, index + by))}
          onRemove={() => onChange(fields.filter((_, i) => i !== index))}
        />
      ))}
      <div class="actions">
        <button type="button" class="button" onClick={() => onChange([...fields, newField()])}>
          Add field
        </button>
      </div>
    </>
  )
}
