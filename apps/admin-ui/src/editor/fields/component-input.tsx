import { componentLabel } from '../editor-site.ts'
import type { FieldProps } from './field-props.ts'
import { ItemList } from './item-list.tsx'
import { NestedFields } from './nested-fields.tsx'
import { isValueObject, itemsOf } from './nested-value.ts'

/** A component's fields as a nested fieldset; a repeatable one as a list of them. */
export function ComponentInput(props: FieldProps) {
  const { field, site, value, onChange } = props
  const fields = field.fields ?? []
  const label = componentLabel(site, field.component ?? '')
  if (field.repeatable) {
    return (
      <ItemList
        {...props}
        items={itemsOf(value)}
        onChange={onChange}
        max={field.max}
        kindOf={() => ({ label, fields })}
        adder={(add, full) => (
          <button type="button" class="button button-small" disabled={full} onClick={() => add({})}>
            Add {label}
          </button>
        )}
      />
    )
  }
  return (
    <NestedFields
      {...props}
      fields={fields}
      value={isValueObject(value) ? value : {}}
      onChange={(next) => onChange(Object.keys(next).length > 0 ? next : null)}
    />
  )
}
