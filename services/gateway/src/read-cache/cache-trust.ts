/** What this instance hears changes from: other instances over Redis, the services over the broker. */
export type ChangeSource = 'redis' | 'broker'

/**
 * Whether cached reads may be served: only while every source of changes this instance needs is
 * heard. A source that comes back may have carried changes meanwhile, so regaining trust runs
 * `onRegained` (the store is emptied) before any cached read is served again.
 */
export interface CacheTrust {
  trusted(): boolean
  set(source: ChangeSource, heard: boolean): void
}

export function createCacheTrust(options: {
  sources: readonly ChangeSource[]
  onRegained: () => void
}): CacheTrust {
  const heard = new Map<ChangeSource, boolean>(options.sources.map((source) => [source, false]))
  let trusted = false
  return {
    trusted: () => trusted,
    set(source, now) {
      if (!heard.has(source)) return
      heard.set(source, now)
      const next = [...heard.values()].every(Boolean)
      if (next && !trusted) options.onRegained()
      trusted = next
    },
  }
}
