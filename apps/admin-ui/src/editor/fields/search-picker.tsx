import { useEffect, useState } from 'preact/hooks'
import { ErrorMessage } from '../../ui/error-message.tsx'

export interface PickerOption {
  id: string
  label: string
  /** An image URL of the website's own origin (the CSP's `img-src 'self'`). */
  thumbnail?: string
}

export interface SearchPickerProps {
  id: string
  label: string
  many: boolean
  ids: string[]
  invalid: boolean
  describedBy: string | undefined
  onChange: (ids: string[]) => void
  search: (text: string) => Promise<PickerOption[]>
  /** The options of up to 100 chosen ids, in one call; an id left out is shown as not found. */
  resolve: (ids: string[]) => Promise<PickerOption[]>
}

/** The API's `$in` takes at most 100 values, as does a page's `limit`. */
export const MOST_IDS_PER_CALL = 100

const SEARCH_DELAY_MS = 250

/** Chosen items as removable chips, and a search field whose results are buttons that choose. */
export function SearchPicker(props: SearchPickerProps) {
  const { id, label, many, ids, onChange } = props
  const [known, setKnown] = useState<Map<string, PickerOption>>(new Map())
  const [text, setText] = useState('')
  const [results, setResults] = useState<PickerOption[]>()
  const [error, setError] = useState<unknown>()
  const [open, setOpen] = useState(false)

  const remember = (options: PickerOption[]) =>
    setKnown((previous) => new Map([...previous, ...options.map((o) => [o.id, o] as const)]))

  useEffect(() => {
    const missing = ids.filter((each) => !known.has(each))
    if (missing.length === 0) return
    const calls: Promise<PickerOption[]>[] = []
    for (let start = 0; start < missing.length; start += MOST_IDS_PER_CALL)
      calls.push(props.resolve(missing.slice(start, start + MOST_IDS_PER_CALL)).catch(() => []))
    void Promise.all(calls).then((pages) => {
      const found = new Map(pages.flat().map((option) => [option.id, option] as const))
      remember(missing.map((each) => found.get(each) ?? { id: each, label: `${each} (not found)` }))
    })
  }, [ids.join(',')])

  useEffect(() => {
    if (!open) return
    let current = true
    const timer = setTimeout(() => {
      props.search(text.trim()).then(
        (found) => {
          if (!current) return
          remember(found)
          setResults(found)
          setError(undefined)
        },
        (failure: unknown) => current && setError(failure),
      )
    }, SEARCH_DELAY_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [text, open])

  const choose = (option: PickerOption) => {
    if (many) {
      if (!ids.includes(option.id)) onChange([...ids, option.id])
    } else {
      onChange([option.id])
      setOpen(false)
    }
  }
  const resultsId = `${id}-results`
  return (
    <div class="picker">
      {ids.length > 0 ? (
        <ul class="chips" aria-label={`${label}: chosen`}>
          {ids.map((each) => {
            const option = known.get(each)
            return (
              <li key={each} class="chip">
                {option?.thumbnail && <img src={option.thumbnail} alt="" class="chip-thumb" />}
                {option?.label ?? '…'}
                <button
                  type="button"
                  class="chip-remove"
                  aria-label={`Remove ${option?.label ?? each}`}
                  onClick={() => onChange(ids.filter((other) => other !== each))}
                >
                  ×
                </button>
              </li>
            )
          })}
        </ul>
      ) : (
        <p class="hint">None chosen.</p>
      )}
      {open ? (
        <div class="picker-search">
          <input
            id={id}
            type="search"
            value={text}
            placeholder="Type to search"
            aria-controls={resultsId}
            aria-invalid={props.invalid || undefined}
            aria-describedby={props.describedBy}
            onInput={(event) => setText(event.currentTarget.value)}
            onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
          />
          <ErrorMessage error={error} />
          <ul id={resultsId} class="picker-results" aria-label={`${label}: search results`}>
            {results?.length === 0 && <li class="hint">Nothing found.</li>}
            {results?.map((option) => (
              <li key={option.id}>
                <button
                  type="button"
                  class="picker-option"
                  aria-pressed={ids.includes(option.id)}
                  onClick={() => choose(option)}
                >
                  {option.thumbnail && <img src={option.thumbnail} alt="" class="picker-thumb" />}
                  <span>{option.label}</span>
                </button>
              </li>
            ))}
          </ul>
          <button type="button" class="button button-small" onClick={() => setOpen(false)}>
            Done
          </button>
        </div>
      ) : (
        <button
          id={id}
          type="button"
          class="button button-small"
          aria-describedby={props.describedBy}
          onClick={() => setOpen(true)}
        >
          {ids.length > 0 && !many ? `Change ${label}` : `Choose ${label}`}
        </button>
      )}
    </div>
  )
}
