/**
 * A token per website that changes whenever its published content may have changed: cached
 * reads are stored and found under it, so a change makes every older entry unreachable at once.
 * While the instance cannot be sure it hears about other instances' changes (Redis away) it
 * has no token to give, and reads bypass the cache.
 */
export interface ContentGenerations {
  /** The website's current token, or undefined while cached reads cannot be trusted. */
  token(websiteId: string): string | undefined
  /** The website's published content changed (here, or on another instance). */
  bump(websiteId: string): void
  /** Whether changes made elsewhere reach this instance; regaining trust starts a new epoch. */
  setTrusted(trusted: boolean): void
}

export function createContentGenerations(): ContentGenerations {
  const generations = new Map<string, number>()
  let epoch = 0
  let trusted = false
  return {
    token(websiteId) {
      if (!trusted) return undefined
      return `${epoch}.${generations.get(websiteId) ?? 0}`
    },
    bump(websiteId) {
      generations.set(websiteId, (generations.get(websiteId) ?? 0) + 1)
    },
    setTrusted(next) {
      // Announcements may have been missed while untrusted: nothing stored before is reachable.
      if (next && !trusted) {
        epoch++
        generations.clear()
      }
      trusted = next
    },
  }
}
