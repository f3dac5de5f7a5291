/** How the client retries 429 and 503 answers. */
export interface RetryOptions {
  /** Attempts in all, the first included; 1 turns retries off. */
  maxAttempts: number
  /** The first backoff when no `Retry-After` is sent; it doubles each retry. */
  baseDelayMs: number
  /** The longest backoff without `Retry-After`. */
  maxDelayMs: number
  /** A `Retry-After` longer than this is not waited for: the error is thrown at once. */
  maxRetryAfterMs: number
}

export const DEFAULT_RETRY: RetryOptions = {
  maxAttempts: 4,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
}

/** The statuses worth retrying: the request was refused for now, not for what it says. */
export const RETRIED_STATUSES = [429, 503] as const

/**
 * How long to wait before attempt `attempt + 1`, or undefined to stop. With `Retry-After` the
 * wait is never shorter than it says (plus up to `baseDelayMs` of jitter, so clients refused
 * together do not return together); without it, exponential backoff with equal jitter.
 */
export function retryDelayMs(options: {
  policy: RetryOptions
  attempt: number
  retryAfterSeconds: number | undefined
  random?: () => number
}): number | undefined {
  const { policy, attempt, retryAfterSeconds } = options
  const random = options.random ?? Math.random
  if (attempt >= policy.maxAttempts) return undefined
  if (retryAfterSeconds !== undefined) {
    const wait = retryAfterSeconds * 1000
    if (wait > policy.maxRetryAfterMs) return undefined
    return wait + Math.floor(random() * policy.baseDelayMs)
  }
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1))
  return Math.floor(ceiling / 2 + random() * (ceiling / 2))
}
