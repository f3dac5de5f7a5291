import { useState } from 'preact/hooks'
import type { FieldProps } from './field-props.ts'

const text = (value: unknown): string => (typeof value === 'string' ? value : '')
/** An emptied field is removed (`null` in the merge patch), never stored as ''. */
const orNull = (value: string): string | null => (value === '' ? null : value)

const INPUT_TYPES = { text: 'text', email: 'email', url: 'url' } as const

export function TextInput({ field, id, value, onChange, invalid, describedBy }: FieldProps) {
  const type = INPUT_TYPES[field.type as keyof typeof INPUT_TYPES] ?? 'text'
  return (
    <input
      id={id}
      type={type as 'text'}
      value={text(value)}
      required={field.required}
      maxLength={field.maxLength}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onInput={(event) => onChange(orNull(event.currentTarget.value))}
    />
  )
}

export function TextareaInput({ field, id, value, onChange, invalid, describedBy }: FieldProps) {
  return (
    <textarea
      id={id}
      rows={4}
      value={text(value)}
      required={field.required}
      maxLength={field.maxLength}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onInput={(event) => onChange(orNull(event.currentTarget.value))}
    />
  )
}

export function NumberInput({ field, id, value, onChange, invalid, describedBy }: FieldProps) {
  return (
    <input
      id={id}
      type="number"
      inputMode={field.type === 'integer' ? 'numeric' : 'decimal'}
      step={field.type === 'integer' ? 1 : 'any'}
      min={field.min}
      max={field.max}
      value={typeof value === 'number' ? String(value) : ''}
      required={field.required}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onInput={(event) => {
        const raw = event.currentTarget.value
        if (raw === '') return onChange(null)
        const number = Number(raw)
        if (Number.isFinite(number)) onChange(number)
      }}
    />
  )
}

export function BooleanInput({ id, value, onChange, invalid, describedBy }: FieldProps) {
  return (
    <input
      id={id}
      type="checkbox"
      class="checkbox"
      checked={value === true}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  )
}

export function DateInput({ field, id, value, onChange, invalid, describedBy }: FieldProps) {
  return (
    <input
      id={id}
      type="date"
      value={text(value).slice(0, 10)}
      required={field.required}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onInput={(event) => onChange(orNull(event.currentTarget.value))}
    />
  )
}

/** Shown and entered in UTC, as every date of the panel is. */
export function DateTimeInput({ field, id, value, onChange, invalid, describedBy }: FieldProps) {
  const date = typeof value === 'string' ? new Date(value) : undefined
  const shown = date && !Number.isNaN(date.getTime()) ? date.toISOString().slice(0, 16) : ''
  return (
    <input
      id={id}
      type="datetime-local"
      value={shown}
      required={field.required}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onInput={(event) => {
        const raw = event.currentTarget.value
        onChange(raw === '' ? null : `${raw}:00.000Z`)
      }}
    />
  )
}

export function SelectInput({ field, id, value, onChange, invalid, describedBy }: FieldProps) {
  return (
    <select
      id={id}
      value={text(value)}
      required={field.required}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(event) => onChange(orNull(event.currentTarget.value))}
    >
      <option value="">—</option>
      {(field.options ?? []).map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </select>
  )
}

/** Sent once the text parses; until then it stays here with a hint. */
export function JsonInput({ id, value, onChange, invalid, describedBy }: FieldProps) {
  const [draft, setDraft] = useState(() =>
    value === undefined || value === null ? '' : JSON.stringify(value, null, 2),
  )
  const [broken, setBroken] = useState(false)
  return (
    <>
      <textarea
        id={id}
        rows={6}
        class="code-input"
        spellcheck={false}
        value={draft}
        aria-invalid={invalid || broken || undefined}
        aria-describedby={describedBy}
        onInput={(event) => {
          const raw = event.currentTarget.value
          setDraft(raw)
          if (raw.trim() === '') {
            setBroken(false)
            return onChange(null)
          }
          try {
            const parsed: unknown = JSON.parse(raw)
            setBroken(false)
            onChange(parsed)
          } catch {
            setBroken(true)
          }
        }}
      />
      {broken && <p class="hint">Not valid JSON yet: nothing is saved until it is.</p>}
    </>
  )
}
