import { useEffect, useRef, useState } from 'preact/hooks'
import type { CreatedApiKey } from '../api/admin-resources.ts'
import { copyText } from '../ui/copy-text.ts'
import { formatDateTime } from '../ui/format.ts'
import { keyAccess } from './key-status.ts'

export function NewKeyNotice({
  created,
  onDismiss,
}: {
  created: CreatedApiKey
  onDismiss: () => void
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  const field = useRef<HTMLInputElement>(null)
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle')
  useEffect(() => {
    heading.current?.focus()
  }, [created.id])
  const copy = async () => {
    const copied = await copyText(created.key, field.current)
    setCopyState(copied ? 'copied' : 'failed')
  }
  return (
    <section class="new-key" aria-labelledby="new-key-heading">
      <h3 id="new-key-heading" ref={heading} tabIndex={-1}>
        Copy the new key “{created.name}” now
      </h3>
      <p>
        <strong>You will not see this key again.</strong> Only its prefix is kept, so store it
        somewhere safe (a secret manager, your deployment's settings) before you close this.
      </p>
      {created.replaces && (
        <p>
          It replaces a rotated key, which stops working at{' '}
          <strong>{formatDateTime(created.replaces.expiresAt)}</strong>.
        </p>
      )}
      <label for="new-key-value">API key ({keyAccess(created)})</label>
      <div class="inline-field">
        <input
          id="new-key-value"
          ref={field}
          class="secret"
          readOnly
          value={created.key}
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
          'Copying was refused by the browser: the key is selected, press Ctrl+C (⌘C).'}
      </p>
      <div class="actions">
        <button type="button" class="button" onClick={onDismiss}>
          I have stored the key
        </button>
      </div>
    </section>
  )
}
