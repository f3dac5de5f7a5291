import type { PurgerName } from './purge-settings.ts'

/** One CDN (or a tier of Varnish servers) that drops the answers carrying any of the tags. */
export interface Purger {
  name: PurgerName
  /** The most tags one call may carry (the API's documented limit). */
  maxTagsPerCall: number
  /** Resolves once the CDN took the purge; rejects on anything else, to be tried again. */
  purge(tags: string[]): Promise<void>
}

/** A purge call the CDN did not take: a network failure, a time-out or an answer not 2xx. */
export class PurgeRequestError extends Error {
  readonly status: number | undefined
  constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause })
    this.name = 'PurgeRequestError'
    this.status = options.status
  }
}

/** Sends one purge request; resolves with the answer's body text when it is 2xx. */
export async function sendPurgeRequest(
  what: string,
  url: string,
  init: RequestInit & { timeoutMs: number },
): Promise<string> {
  const { timeoutMs, ...request } = init
  let response: Response
  try {
    response = await fetch(url, { ...request, signal: AbortSignal.timeout(timeoutMs) })
  } catch (error) {
    throw new PurgeRequestError(`${what}: ${(error as Error).message}`, { cause: error })
  }
  const text = await response.text().catch(() => '')
  if (!response.ok)
    throw new PurgeRequestError(`${what} answered ${response.status}: ${text.slice(0, 200)}`, {
      status: response.status,
    })
  return text
}
