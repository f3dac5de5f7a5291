import { useState } from 'preact/hooks'
import type { CmsAdminClient } from '@cms/client'
import type { Website } from '../api/admin-resources.ts'
import { ErrorMessage } from '../ui/error-message.tsx'

export function CreateWebsiteForm({
  api,
  onCreated,
}: {
  api: CmsAdminClient
  onCreated: (website: Website) => void
}) {
  const [name, setName] = useState('')
  const [error, setError] = useState<unknown>()
  const [busy, setBusy] = useState(false)
  const submit = async (event: Event) => {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    try {
      const website = await api.websites.create(name.trim())
      setName('')
      onCreated(website)
    } catch (failure) {
      setError(failure)
    } finally {
      setBusy(false)
    }
  }
  return (
    <form class="stack" onSubmit={submit}>
      <label for="new-website-name">New website name</label>
      <div class="inline-field">
        <input
          id="new-website-name"
          required
          maxLength={100}
          value={name}
          onInput={(event) => setName(event.currentTarget.value)}
        />
        <button type="submit" class="button button-primary" disabled={busy}>
          Create
        </button>
      </div>
      <ErrorMessage error={error} />
    </form>
  )
}
