/**
 * The pause before try `attempt + 1` of a failing purge: doubling from `baseMs`, capped at
 * `maxMs`, and jittered to between half and all of it, so instances that failed together do
 * not all call again at the same moment.
 */
export function retryDelayMs(
  attempt: number,
  options: { baseMs?: number; maxMs: number; random?: () => number },
): number {
  const base = options.baseMs ?? 200
  const ceiling = Math.min(options.maxMs, base * 2 ** Math.max(0, attempt - 1))
  const random = options.random ?? Math.random
  return Math.round(ceiling / 2 + (ceiling / 2) * random())
}
