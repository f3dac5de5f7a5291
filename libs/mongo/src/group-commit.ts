/**
 * Group commit: items that arrive while a write is in flight go together in the next write, so
 * under load many items cost one storage command, and when idle an item is written at once (no
 * timer, no added latency). Each caller's promise settles with the write that carried its item,
 * with the result the write gave for it (`write` answers one result per item, in order).
 */
export function groupCommit<T, R = void>(
  write: (items: T[]) => Promise<R[]>,
  options: { maxItems: number },
): (item: T) => Promise<R> {
  let waiting: Array<{ item: T; resolve: (result: R) => void; reject: (error: unknown) => void }> =
    []
  let writing = false

  async function writeWaiting(): Promise<void> {
    writing = true
    while (waiting.length > 0) {
      const batch = waiting.slice(0, options.maxItems)
      waiting = waiting.slice(batch.length)
      try {
        const results = await write(batch.map(({ item }) => item))
        batch.forEach(({ resolve }, index) => resolve(results[index]!))
      } catch (error) {
        for (const { reject } of batch) reject(error)
      }
    }
    writing = false
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject })
      if (!writing) void writeWaiting()
    })
}
