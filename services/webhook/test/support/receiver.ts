import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer } from 'node:http'
import type { IncomingHttpHeaders, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  /** The body bytes exactly as they arrived. */
  rawBody: Buffer
  receivedAt: number
  json(): any
}

/** How the receiver answers the n-th request (0-based): a status, or a custom handler. */
export type Answer =
  number | ((response: ServerResponse, request: ReceivedRequest) => void | Promise<void>)

export interface Receiver {
  url: string
  requests: ReceivedRequest[]
  /** Resolves once `count` requests have arrived. */
  waitForRequests(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>
  close(): Promise<void>
}

/** A real HTTP endpoint on 127.0.0.1 that records every request and answers from a script. */
export async function startReceiver(
  answer: (index: number) => Answer = () => 200,
  options: { keepAliveTimeoutMs?: number } = {},
): Promise<Receiver> {
  const requests: ReceivedRequest[] = []
  const waiters = new Set<() => void>()
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks)
      const received: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        rawBody,
        receivedAt: Date.now(),
        json: () => JSON.parse(rawBody.toString('utf8')),
      }
      const index = requests.length
      requests.push(received)
      for (const wake of waiters) wake()
      const reply = answer(index)
      if (typeof reply === 'number') {
        res.statusCode = reply
        res.end(reply >= 300 ? 'no' : 'ok')
      } else {
        void Promise.resolve(reply(res, received)).catch(() => res.destroy())
      }
    })
  })
  // Idle connections stay open this long for the sender to reuse (Node's default is 5 s).
  if (options.keepAliveTimeoutMs !== undefined) server.keepAliveTimeout = options.keepAliveTimeoutMs
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    waitForRequests(count, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (requests.length < count) return
          waiters.delete(check)
          clearTimeout(timer)
          resolve(requests.slice(0, count))
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(
            new Error(`expected ${count} requests within ${timeoutMs} ms, got ${requests.length}`),
          )
        }, timeoutMs)
        waiters.add(check)
        check()
      })
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** What a receiver does: recompute the hex HMAC over the raw body and compare in constant time. */
export function verifyBodySignature(
  rawBody: Buffer,
  header: string | string[] | undefined,
  secret: string,
): boolean {
  if (typeof header !== 'string') return false
  const expected = Buffer.from(createHmac('sha256', secret).update(rawBody).digest('hex'), 'utf8')
  const given = Buffer.from(header, 'utf8')
  return given.length === expected.length && timingSafeEqual(given, expected)
}
