import { useEffect, useRef, useState } from 'preact/hooks'
import type { ComponentChildren } from 'preact'
import { copyText } from './copy-text.ts'

/**
 * A secret or a one-time link the API answers once (a key, a personal token, an invitation or
 * reset link): shown highlighted with Copy, never kept after "I have stored it".
 */
export function ShownOnce(props: {
  id: string
  heading: ComponentChildren
  label: string
  value: string
  /** What the secret is called in the text ("key": "this key", "the key"); default "it". */
  noun?: string
  children?: ComponentChildren
  /** Shown after the warning, in a paragraph of its own. */
  details?: ComponentChildren
  onDismiss: () => void
}) {
  const [thisOne, theOne] = props.noun
    ? [`this ${props.noun}`, `the ${props.noun}`]
    : ['this', 'the text']
  const heading = useRef<HTMLHeadingElement>(null)
  const field = useRef<HTMLInputElement>(null)
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle')
  useEffect(() => {
    heading.current?.focus()
  }, [props.value])
  const copy = async () =>
    setCopyState((await copyText(props.value, field.current)) ? 'copied' : 'failed')
  return (
    <section class="new-key" aria-labelledby={`${props.id}-heading`}>
      <h3 id={`${props.id}-heading`} ref={heading} tabIndex={-1}>
        {props.heading}
      </h3>
      <p>
        <strong>You will not see {thisOne} again.</strong> {props.children}
      </p>
      {props.details && <p>{props.details}</p>}
      <label for={`${props.id}-value`}>{props.label}</label>
      <div class="inline-field">
        <input
          id={`${props.id}-value`}
          ref={field}
          class="secret"
          readOnly
          value={props.value}
          spellcheck={false}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" class="button button-primary" onClick={copy}>
          Copy
        </button>
      </div>
      <p class="hint" role="status">
        {copyState === 'copied' && 'Copied to the clipboard.'}
        {copyState === 'failed' &&
          `Copying was refused by the browser: ${theOne} is selected, press Ctrl+C (⌘C).`}
      </p>
      <div class="actions">
        <button type="button" class="button" onClick={props.onDismiss}>
          {props.noun ? `I have stored ${theOne}` : 'I have stored it'}
        </button>
      </div>
    </section>
  )
}
