import { Transform } from 'node:stream'
import type { Readable } from 'node:stream'

export interface LimitedBody {
  stream: Readable
  /** True once the body passed the limit; the stream then ends with an error. */
  exceeded(): boolean
}

/**
 * Streams a request body on while counting it, for bodies whose length is not declared
 * (chunked). Past the limit the client's remaining bytes are left unread, so the caller can
 * still answer 413 on the same connection.
 */
export function limitBody(
  source: Readable,
  limitBytes: number,
  /** Sees every chunk passed on (an idempotent write's body digest). */
  onChunk?: (chunk: Buffer) => void,
): LimitedBody {
  let total = 0
  let exceeded = false
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length
      if (total <= limitBytes) {
        onChunk?.(chunk)
        return callback(null, chunk)
      }
      exceeded = true
      source.unpipe(counter)
      callback(new Error(`request body over ${limitBytes} bytes`))
    },
  })
  source.once('error', (error) => counter.destroy(error))
  source.pipe(counter)
  return { stream: counter, exceeded: () => exceeded }
}
