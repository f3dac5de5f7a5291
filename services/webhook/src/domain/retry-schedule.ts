export type AttemptOutcome =
  { status: 'succeeded' } | { status: 'pending'; retryInMs: number } | { status: 'failed' }

/**
 * What follows attempt `attempt` (1-based): with delays [1 s, 5 s, 25 s], a failure of attempt
 * 1, 2 or 3 is retried after that delay, and a failure of attempt 4 is final.
 */
export function outcomeOf(options: {
  attempt: number
  succeeded: boolean
  delaysMs: readonly number[]
}): AttemptOutcome {
  if (options.succeeded) return { status: 'succeeded' }
  const retryInMs = options.delaysMs[options.attempt - 1]
  return retryInMs === undefined ? { status: 'failed' } : { status: 'pending', retryInMs }
}
