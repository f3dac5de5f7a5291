import { PassThrough } from 'node:stream'

/** Bytes a slow client may leave unread before its stream is closed (it resumes from the log). */
const MAX_UNREAD_BYTES = 1024 * 1024

/** A Server-Sent Events body: events, a heartbeat comment line, and an end. */
export interface SseWriter {
  readonly body: PassThrough
  event(id: number, name: string, data: unknown): void
  comment(text: string): void
  /** False once ended, by us or by a client that left. */
  readonly open: boolean
  end(): void
}

export function createSseWriter(options: {
  heartbeatMs: number
  onHeartbeat: () => void
  onEnd: () => void
}): SseWriter {
  const body = new PassThrough()
  let open = true
  const heartbeat = setInterval(() => {
    write(': heartbeat\n\n')
    options.onHeartbeat()
  }, options.heartbeatMs)
  function end(): void {
    if (!open) return
    open = false
    clearInterval(heartbeat)
    body.end()
    options.onEnd()
  }
  function write(text: string): void {
    if (!open) return
    body.write(text)
    if (body.writableLength > MAX_UNREAD_BYTES) end()
  }
  body.on('close', end)
  return {
    body,
    event: (id, name, data) =>
      write(`id: ${id}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`),
    comment: (text) => write(`: ${text}\n\n`),
    get open() {
      return open
    },
    end,
  }
}
