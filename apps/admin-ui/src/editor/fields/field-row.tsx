import type { FieldProps } from './field-props.ts'
import { FIELD_INPUTS, GROUP_INPUTS, fieldHint } from './field-inputs.ts'

/** A field's label, input, hint and the API's problems with its value, tied together by ids. */
export function FieldRow(
  props: Omit<FieldProps, 'id' | 'invalid' | 'describedBy'> & {
    problems: string[]
    localized: boolean
  },
) {
  const { field, problems } = props
  const id = `field-${field.name}`
  const hint = fieldHint(field)
  const describedBy =
    [hint ? `${id}-hint` : '', problems.length ? `${id}-problem` : ''].filter(Boolean).join(' ') ||
    undefined
  const Input = FIELD_INPUTS[field.type]
  const group = GROUP_INPUTS.has(field.type)
  return (
    <div class={`field field-${field.type}`}>
      <label id={`${id}-label`} for={group ? undefined : id}>
        {field.label}
        {field.required && <span class="required"> (required)</span>}
        {props.localized && <span class="badge badge-locale">per locale</span>}
      </label>
      <Input {...props} id={id} invalid={problems.length > 0} describedBy={describedBy} />
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {problems.length > 0 && (
        <p class="field-problem" id={`${id}-problem`} role="alert">
          {problems.join(' ')}
        </p>
      )}
    </div>
  )
}
