import { PUBLIC_OPERATIONS as API } from '@cms/contract'
import { CmsApiError } from './cms-api-error.ts'
import { operationRequest } from './operation-call.ts'
import { sseMessages, textChunks } from './sse-parser.ts'
import type { Transport } from './transport.ts'
import type { ChangeEvent, ChangeStreamQuery } from './types/changes.ts'

export interface ChangeStreamOptions {
  /** Ends the iteration (it returns, it does not throw). */
  signal?: AbortSignal
  /** The first wait before reconnecting; doubled after each failed attempt, up to 30 s. */
  reconnectDelayMs?: number
  /** Waits between attempts; tests pass one that records. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
}

const MAX_RECONNECT_DELAY_MS = 30_000

/** Errors that say the request itself is wrong (a bad filter, a missing permission, a swept position). */
const isFinal = (error: unknown): boolean =>
  error instanceof CmsApiError && error.status < 500 && error.status !== 429

const sleepFor = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true })
  })

/**
 * `/api/changes`: the website's changes as they happen, as an async iterator. When the stream
 * ends or the connection fails it reconnects with `Last-Event-ID`, so the log replays what was
 * missed and no change is seen twice. A refusal that retrying cannot cure (400-499 but 429, a
 * 410 `GONE` among them) is thrown.
 */
export function changesApi(transport: Transport) {
  return {
    changes: {
      async *stream(
        query: ChangeStreamQuery = {},
        options: ChangeStreamOptions = {},
      ): AsyncGenerator<ChangeEvent> {
        const { since, events, ...filters } = query
        const sleep = options.sleep ?? sleepFor
        const firstDelay = options.reconnectDelayMs ?? 1000
        let last = since
        let delay = firstDelay
        const request = operationRequest(API.streamChanges, {
          query: { ...filters, ...(events && { events: events.join(',') }) },
          accept: 'text/event-stream',
          untimed: true,
          ...(options.signal && { signal: options.signal }),
        })
        while (!options.signal?.aborted) {
          try {
            const response = await transport.stream({
              ...request,
              headers: last === undefined ? {} : { 'last-event-id': String(last) },
            })
            delay = firstDelay
            for await (const message of sseMessages(textChunks(response.body!))) {
              const change = JSON.parse(message.data) as ChangeEvent
              last = change.seq
              yield change
            }
          } catch (error) {
            if (options.signal?.aborted) return
            if (isFinal(error)) throw error
          }
          await sleep(delay, options.signal)
          delay = Math.min(delay * 2, MAX_RECONNECT_DELAY_MS)
        }
      },
    },
  }
}
