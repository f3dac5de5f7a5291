import { ServiceUnavailableError } from '@cms/errors'
import type { VisibilityMark, VisibilityMarkers } from './visibility-marker.ts'

/** Websites whose last seen mark is kept: beyond it the oldest is read again. */
const REMEMBERED = 10_000

export interface ReadFenceOptions {
  markers: Pick<VisibilityMarkers, 'read'>
  /** The longest a read waits for a release being applied, then 503 (default 5 s, well within the gateway's upstream time-out). */
  maxWaitMs?: number
  /** The pause between two looks at a release being applied (default 50 ms). */
  pauseMs?: number
  sleep?: (ms: number) => Promise<void>
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Public reads see all of a release or none of it (docs/releases.md, "Visibility"): a read is
 * kept only if the website's mark was the same before it started and after it ended, with no
 * release being applied. "Before" is the mark this process last saw for the website, read
 * earlier than the read started, so a read costs one look at the mark (by `_id`) after its
 * query; the first read of a website, or one after a change, looks before it too.
 */
export function createReadFence(options: ReadFenceOptions) {
  const maxWaitMs = options.maxWaitMs ?? 5_000
  const pauseMs = options.pauseMs ?? 50
  const sleep = options.sleep ?? defaultSleep
  const seen = new Map<string, VisibilityMark>()

  const remember = (websiteId: string, mark: VisibilityMark) => {
    seen.delete(websiteId)
    seen.set(websiteId, mark)
    if (seen.size > REMEMBERED) seen.delete(seen.keys().next().value as string)
  }
  const look = async (websiteId: string) => {
    const mark = await options.markers.read(websiteId)
    remember(websiteId, mark)
    return mark
  }

  return async function consistently<T>(websiteId: string, read: () => Promise<T>): Promise<T> {
    const started = Date.now()
    let before = seen.get(websiteId)
    for (;;) {
      if (before?.applying === null) {
        const answer = await read()
        const after = await look(websiteId)
        if (after.applying === null && after.generation === before.generation) return answer
        before = after
      } else if (before === undefined) {
        before = await look(websiteId)
      } else {
        if (Date.now() - started >= maxWaitMs)
          throw new ServiceUnavailableError('A release is being published; try again shortly')
        await sleep(pauseMs)
        before = await look(websiteId)
      }
    }
  }
}

export type ReadFence = ReturnType<typeof createReadFence>
