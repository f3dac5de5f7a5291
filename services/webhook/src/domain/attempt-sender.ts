import type { Got } from 'got'
import type { AttemptAgents } from './attempt-agents.ts'
import type { TargetGuard } from './target-guard.ts'

export interface AttemptRequest {
  url: string
  headers: Record<string, string>
  body: string
}

export interface AttemptResult {
  /** A 2xx answer; anything else (another status, a time-out, a refused target) is a failure. */
  succeeded: boolean
  statusCode: number | null
  error: string | null
  durationMs: number
  /** The attempt ran out of the time-out (what paces an endpoint). */
  timedOut?: boolean
}

export type AttemptSender = (request: AttemptRequest) => Promise<AttemptResult>

/** Receivers' answers are read and dropped; past this size the connection is cut. */
const MAX_RESPONSE_BYTES = 64 * 1024
const MAX_ERROR_LENGTH = 300

function describe(error: unknown): string {
  const { code, message } = error as { code?: unknown; message?: unknown }
  const text = typeof message === 'string' && message ? message : String(error)
  const described = typeof code === 'string' && !text.includes(code) ? `${code}: ${text}` : text
  return described.slice(0, MAX_ERROR_LENGTH)
}

/**
 * One HTTP POST, exactly once: got retries nothing, follows no redirect (a 3xx is a failure)
 * and gives up after the time-out. The guard is asked first and again at connect time.
 */
export function createAttemptSender(deps: {
  got: Got
  guard: TargetGuard
  timeoutMs: number
  agents: AttemptAgents
  monotonicMs?: () => number
}): AttemptSender {
  const clock = deps.monotonicMs ?? (() => performance.now())
  return async function sendAttempt(request) {
    const started = clock()
    const finish = (statusCode: number | null, error: string | null): AttemptResult => ({
      succeeded: error === null && statusCode !== null && statusCode >= 200 && statusCode < 300,
      statusCode,
      error,
      durationMs: Math.round(clock() - started),
    })
    const refusal = await deps.guard.refusal(request.url)
    if (refusal) return finish(null, `target refused: ${refusal}`)

    const stream = deps.got.stream.post(request.url, {
      body: request.body,
      headers: request.headers,
      timeout: { request: deps.timeoutMs },
      followRedirect: false,
      retry: { limit: 0 },
      throwHttpErrors: false,
      dnsLookup: deps.guard.lookup,
      agent: deps.agents,
    })
    return new Promise<AttemptResult>((resolve) => {
      let statusCode: number | null = null
      let received = 0
      stream.on('response', (response: { statusCode: number }) => {
        statusCode = response.statusCode
      })
      stream.on('data', (chunk: Buffer) => {
        received += chunk.length
        if (received <= MAX_RESPONSE_BYTES) return
        resolve(finish(statusCode, null))
        stream.destroy()
      })
      stream.once('end', () => resolve(finish(statusCode, null)))
      stream.once('error', (error: unknown) => {
        const timedOut = (error as { code?: unknown })?.code === 'ETIMEDOUT'
        resolve({ ...finish(statusCode, describe(error)), ...(timedOut && { timedOut }) })
      })
    })
  }
}
