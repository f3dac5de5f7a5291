import { Buffer } from 'node:buffer'
import type { Socket } from 'node:net'
import type { ErrorBody } from '@cms/errors'

/** Request heads up to this size reach the application, which gives its own 4xx on long URLs. */
export const MAX_REQUEST_HEAD_BYTES = 32 * 1024

/** Sockets already answered: the rest of their request is read and dropped, not parsed. */
const answered = new WeakSet<Socket>()

/** How long a client still sending an oversized request may take before the socket is closed. */
const DRAIN_MS = 5000

/**
 * Requests Node rejects before Koa sees them (a head over the limit, malformed HTTP) would get
 * a bare status line; they get the contract's error body instead.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (answered.has(socket)) return
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy()
    return
  }
  answered.add(socket)
  // Closing while the client is still sending (a URL of megabytes) would reset the connection
  // and the client would never read the answer: read the rest and drop it, within bounds.
  socket.removeAllListeners('data')
  socket.on('data', () => undefined)
  setTimeout(() => socket.destroy(), DRAIN_MS).unref()
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW'
  const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'
  const body: ErrorBody = {
    error: {
      code: 'VALIDATION_ERROR',
      message: tooLarge
        ? `Request URL and headers exceed ${MAX_REQUEST_HEAD_BYTES} bytes`
        : 'Malformed HTTP request',
    },
  }
  const text = JSON.stringify(body)
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  )
}
