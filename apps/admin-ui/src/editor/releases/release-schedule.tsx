import { useState } from 'preact/hooks'
import type { Release } from '@cms/client'
import { formatDateTime, utcInstantOf } from '../../ui/format.ts'

/** When the release publishes itself: a UTC time to schedule, or its schedule to cancel. */
export function ReleaseSchedule({
  release,
  busy,
  onSchedule,
  onUnschedule,
}: {
  release: Release
  busy: boolean
  onSchedule: (at: string) => void
  onUnschedule: () => void
}) {
  const [at, setAt] = useState('')
  return (
    <section class="schedule" aria-labelledby="release-schedule-title">
      <h2 id="release-schedule-title">Schedule</h2>
      {release.state === 'scheduled' ? (
        <p>
          Publishes at {formatDateTime(release.scheduledAt)}{' '}
          <button type="button" class="button button-small" disabled={busy} onClick={onUnschedule}>
            Cancel the schedule
          </button>
        </p>
      ) : (
        <form
          class="inline-field schedule-form"
          onSubmit={(event) => {
            event.preventDefault()
            if (at) onSchedule(utcInstantOf(at))
          }}
        >
          <div>
            <label for="release-schedule-at">Publish at (UTC)</label>
            <input
              id="release-schedule-at"
              type="datetime-local"
              step={1}
              required
              value={at}
              onInput={(event) => setAt(event.currentTarget.value)}
            />
          </div>
          <button type="submit" class="button" disabled={busy}>
            Schedule
          </button>
        </form>
      )}
    </section>
  )
}
