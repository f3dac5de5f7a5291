import type { FieldProps } from './field-props.ts'
import { FIELD_INPUTS, GROUP_INPUTS, NESTED_INPUTS, fieldHint } from './field-inputs.ts'
import { pathId } from './field-path.ts'

export type FieldRowProps = Omit<FieldProps, 'id' | 'invalid' | 'describedBy'> & {
  localized: boolean
}

/**
 * A field's label, input, hint and the API's problems with its value, tied together by ids; a
 * component or blocks field is a fieldset whose legend names it, around its nested fields.
 */
export function FieldRow(props: FieldRowProps) {
  const { field, path } = props
  const problems = props.problemsAt(path)
  const id = pathId(path)
  const hint = fieldHint(field)
  const describedBy =
    [hint ? `${id}-hint` : '', problems.length ? `${id}-problem` : ''].filter(Boolean).join(' ') ||
    undefined
  const Input = FIELD_INPUTS[field.type]
  const caption = (
    <>
      {field.label}
      {field.required && <span class="required"> (required)</span>}
      {props.localized && <span class="badge badge-locale">per locale</span>}
    </>
  )
  const rest = (
    <>
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
    </>
  )
  if (NESTED_INPUTS.has(field.type)) {
    return (
      <fieldset class={`field field-nested field-${field.type}`} aria-describedby={describedBy}>
        <legend id={`${id}-label`}>{caption}</legend>
        {rest}
      </fieldset>
    )
  }
  return (
    <div class={`field field-${field.type}`}>
      <label id={`${id}-label`} for={GROUP_INPUTS.has(field.type) ? undefined : id}>
        {caption}
      </label>
      {rest}
    </div>
  )
}
