/** A text input of a type's or component's own members, with its hint and the API's problems. */
export function BuilderInput({
  part,
  label,
  value,
  hint,
  disabled,
  problems,
  onInput,
}: {
  part: string
  label: string
  value: string
  hint?: string
  disabled?: boolean
  problems: string[]
  onInput: (value: string) => void
}) {
  const id = `type-${part}`
  return (
    <div>
      <label for={id}>{label}</label>
      <input
        id={id}
        type="text"
        value={value}
        disabled={disabled}
        aria-invalid={problems.length > 0 || undefined}
        aria-describedby={
          [hint ? `${id}-hint` : '', problems.length ? `${id}-problem` : '']
            .filter(Boolean)
            .join(' ') || undefined
        }
        onInput={(event) => onInput(event.currentTarget.value)}
      />
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {problems.length > 0 && (
        <p class="field-problem" id={`${id}-problem`}>
          {problems.join(' ')}
        </p>
      )}
    </div>
  )
}
