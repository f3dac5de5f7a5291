import { useEffect, useRef, useState } from 'preact/hooks'
import type { CmsAdminClient } from '@cms/client'
import type { Website } from '../api/admin-resources.ts'
import { ErrorMessage } from '../ui/error-message.tsx'

export interface RenameWebsiteFormProps {
  api: CmsAdminClient
  website: Website
  onDone: (renamed: boolean) => void
}

export function RenameWebsiteForm({ api, website, onDone }: RenameWebsiteFormProps) {
  const [name, setName] = useState(website.name)
  const [error, setError] = useState<unknown>()
  const [busy, setBusy] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => {
    input.current?.select()
  }, [])
  const submit = async (event: Event) => {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    try {
      await api.websites.rename(website.id, name.trim())
      onDone(true)
    } catch (failure) {
      setError(failure)
      setBusy(false)
    }
  }
  return (
    <form class="stack rename-form" onSubmit={submit}>
      <label for="rename-website">Website name</label>
      <div class="inline-field">
        <input
          id="rename-website"
          ref={input}
          required
          maxLength={100}
          value={name}
          onInput={(event) => setName(event.currentTarget.value)}
          onKeyDown={(event) => event.key === 'Escape' && onDone(false)}
        />
        <button type="submit" class="button button-primary" disabled={busy}>
          Save
        </button>
        <button type="button" class="button" onClick={() => onDone(false)}>
          Cancel
        </button>
      </div>
      <ErrorMessage error={error} />
    </form>
  )
}
