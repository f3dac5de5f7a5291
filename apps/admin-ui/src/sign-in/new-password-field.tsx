/** A password being chosen: the API's rule (12 to 256 characters) is checked there too. */
export function NewPasswordField(props: {
  id: string
  label: string
  value: string
  onInput: (value: string) => void
}) {
  return (
    <>
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="password"
        autoComplete="new-password"
        required
        minLength={12}
        maxLength={256}
        value={props.value}
        onInput={(event) => props.onInput(event.currentTarget.value)}
        aria-describedby={`${props.id}-hint`}
      />
      <p id={`${props.id}-hint`} class="hint">
        At least 12 characters.
      </p>
    </>
  )
}
