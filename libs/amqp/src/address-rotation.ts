/**
 * Which broker address to try next, and after what pause. A failure moves on to the next
 * address; each address is tried once with a short pause, and only a whole round without a
 * connection makes the pause grow (doubling, up to `maxDelayMs`). A connection resets it.
 */
export function createAddressRotation(
  count: number,
  options: { quickDelayMs?: number; initialDelayMs?: number; maxDelayMs?: number } = {},
) {
  const quick = options.quickDelayMs ?? 100
  const initial = options.initialDelayMs ?? 200
  // A broker that is back is found within 2 s; an attempt every 2 s while it is away costs little.
  const max = options.maxDelayMs ?? 2000
  let index = 0
  let failures = 0
  return {
    current: () => index,
    failed() {
      failures++
      index = (index + 1) % count
    },
    connected() {
      failures = 0
    },
    /** The pause before trying `current()`. */
    nextDelayMs(): number {
      if (failures < count) return quick
      const rounds = Math.floor(failures / count)
      return Math.min(max, initial * 2 ** (rounds - 1))
    },
  }
}

export type AddressRotation = ReturnType<typeof createAddressRotation>
