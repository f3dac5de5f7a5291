import type { Field, FieldProps } from './field-props.ts'
import { childPath } from './field-path.ts'
import { FieldRow } from './field-row.tsx'
import { withMember } from './nested-value.ts'
import type { ValueObject } from './nested-value.ts'

/** The fields of one component value, each with the same input as a field of the type. */
export function NestedFields({
  fields,
  value,
  onChange,
  path,
  site,
  problemsAt,
}: Pick<FieldProps, 'path' | 'site' | 'problemsAt'> & {
  fields: Field[]
  value: ValueObject
  onChange: (value: ValueObject) => void
}) {
  return (
    <div class="nested-fields">
      {fields.map((field) => (
        <FieldRow
          key={field.name}
          field={field}
          path={childPath(path, field.name)}
          value={value[field.name]}
          onChange={(next) => onChange(withMember(value, field.name, next))}
          site={site}
          problemsAt={problemsAt}
          localized={false}
        />
      ))}
    </div>
  )
}
