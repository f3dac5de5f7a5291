/** Adds or removes `value`, keeping the order the list had. */
export const toggled = (list: readonly string[], value: string, on: boolean): string[] =>
  on ? [...list.filter((each) => each !== value), value] : list.filter((each) => each !== value)

export interface TypeCheckboxesProps {
  /** Where the inputs' ids start: `<idPrefix>-<type>`. */
  idPrefix: string
  legend: string
  types: readonly string[]
  checked: readonly string[]
  onChange: (checked: string[]) => void
}

/** One checkbox per content type of the website, in a fieldset named by `legend`. */
export function TypeCheckboxes({
  idPrefix,
  legend,
  types,
  checked,
  onChange,
}: TypeCheckboxesProps) {
  return (
    <fieldset class="choice-list">
      <legend>{legend}</legend>
      <div class="choices">
        {types.length === 0 && <p class="hint">The website has no content types yet.</p>}
        {types.map((type) => (
          <div class="choice" key={type}>
            <input
              id={`${idPrefix}-${type}`}
              type="checkbox"
              checked={checked.includes(type)}
              onChange={(event) => onChange(toggled(checked, type, event.currentTarget.checked))}
            />
            <label for={`${idPrefix}-${type}`}>{type}</label>
          </div>
        ))}
      </div>
    </fieldset>
  )
}
