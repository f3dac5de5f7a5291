import type { Release } from '@cms/client'
import { formatDateTime } from '../../ui/format.ts'

/** A release's state as a badge, with when it is scheduled or was published. */
export function ReleaseState({ release }: { release: Release }) {
  return (
    <>
      <span class={`badge badge-${release.state}`}>{release.state}</span>
      {release.state === 'scheduled' && ` for ${formatDateTime(release.scheduledAt)}`}
      {release.state === 'published' && ` at ${formatDateTime(release.publishedAt)}`}
    </>
  )
}
