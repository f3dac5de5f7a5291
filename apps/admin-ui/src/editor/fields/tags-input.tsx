import { useState } from 'preact/hooks'
import type { FieldProps } from './field-props.ts'

const tagsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string') : []

/** Enter or a comma adds the typed tag; each tag has a remove button; Backspace on empty removes the last. */
export function TagsInput({ field, id, value, onChange, invalid, describedBy }: FieldProps) {
  const tags = tagsOf(value)
  const [typed, setTyped] = useState('')
  const set = (next: string[]) => onChange(next.length === 0 ? null : next)
  const add = (raw = typed) => {
    const tag = raw.replace(/,/g, ' ').trim()
    setTyped('')
    if (tag && !tags.includes(tag)) set([...tags, tag])
  }
  return (
    <div class="chips-input">
      {tags.length > 0 && (
        <ul class="chips" aria-label={`${field.label}: tags`}>
          {tags.map((tag) => (
            <li key={tag} class="chip">
              {tag}
              <button
                type="button"
                class="chip-remove"
                aria-label={`Remove tag ${tag}`}
                onClick={() => set(tags.filter((each) => each !== tag))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        type="text"
        value={typed}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onInput={(event) => {
          const raw = event.currentTarget.value
          if (raw.includes(',')) add(raw)
          else setTyped(raw)
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            add()
          } else if (event.key === 'Backspace' && typed === '' && tags.length > 0) {
            set(tags.slice(0, -1))
          }
        }}
        onBlur={() => add()}
      />
    </div>
  )
}
