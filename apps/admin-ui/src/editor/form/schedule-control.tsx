import { useState } from 'preact/hooks'
import type { CmsDocument } from '@cms/client'
import { ErrorMessage } from '../../ui/error-message.tsx'
import { formatDateTime, utcInstantOf } from '../../ui/format.ts'
import { useResource } from '../../ui/use-resource.ts'
import type { EditorSite } from '../editor-site.ts'

type Action = 'publish' | 'unpublish'

/**
 * Pending schedules of the document (`GET /schedule`), a new one (`POST /schedule`, replacing a
 * pending one of the same action) and cancel (`DELETE /schedule/:id`). When a schedule runs, the
 * document changes under the form; its next save then meets the conflict notice and a reload.
 */
export function ScheduleControl({ site, doc }: { site: EditorSite; doc: CmsDocument }) {
  const [generation, setGeneration] = useState(0)
  const schedules = useResource(
    () => site.client.content.schedules(doc.id),
    [site, doc.id, generation],
  )
  const [action, setAction] = useState<Action>(doc.status === 'draft' ? 'publish' : 'unpublish')
  const [at, setAt] = useState('')
  const [error, setError] = useState<unknown>()
  const [busy, setBusy] = useState(false)
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true)
    setError(undefined)
    try {
      await work()
      setGeneration((value) => value + 1)
    } catch (failure) {
      setError(failure)
    } finally {
      setBusy(false)
    }
  }
  return (
    <section class="schedule" aria-labelledby="schedule-title">
      <h2 id="schedule-title">Schedule</h2>
      {schedules.data && schedules.data.docs.length > 0 ? (
        <ul class="schedule-list" aria-label="Pending schedules">
          {schedules.data.docs.map((schedule) => (
            <li key={schedule.id}>
              {schedule.action === 'publish' ? 'Publish' : 'Unpublish'} at{' '}
              {formatDateTime(schedule.at)}{' '}
              <button
                type="button"
                class="button button-small"
                disabled={busy}
                aria-label={`Cancel the scheduled ${schedule.action}`}
                onClick={() => run(() => site.client.content.cancelSchedule(doc.id, schedule.id))}
              >
                Cancel
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p class="hint">Nothing scheduled.</p>
      )}
      <form
        class="inline-field schedule-form"
        onSubmit={(event) => {
          event.preventDefault()
          if (!at) return setError('Choose when, in UTC.')
          void run(() => site.client.content.schedule(doc.id, { action, at: utcInstantOf(at) }))
        }}
      >
        <div>
          <label for="schedule-action">Action</label>
          <select
            id="schedule-action"
            value={action}
            onChange={(event) => setAction(event.currentTarget.value as Action)}
          >
            <option value="publish">Publish</option>
            <option value="unpublish">Unpublish</option>
          </select>
        </div>
        <div>
          <label for="schedule-at">When (UTC)</label>
          <input
            id="schedule-at"
            type="datetime-local"
            step={1}
            value={at}
            onInput={(event) => setAt(event.currentTarget.value)}
          />
        </div>
        <button type="submit" class="button" disabled={busy}>
          Schedule
        </button>
      </form>
      <ErrorMessage error={schedules.error ?? error} />
    </section>
  )
}
