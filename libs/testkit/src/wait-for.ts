/** Polls `probe` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  options: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000)
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${options.what ?? 'a condition'}`)
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 100))
  }
}
