import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'
import type { RequestBodyDigest } from './idempotency-record.ts'

/** Folds a body's chunks, as they stream past, into its SHA-256 and length. */
export function bodyDigester(): { add(chunk: Buffer): void; digest(): RequestBodyDigest } {
  const hash = createHash('sha256')
  let bytes = 0
  return {
    add(chunk) {
      hash.update(chunk)
      bytes += chunk.length
    },
    digest: () => ({ sha256: hash.digest('hex'), bytes }),
  }
}

/**
 * Whether a retry's body is the one `expected` describes. Reads no more than one chunk past the
 * expected length (a longer body cannot match) and leaves the rest unread, without destroying
 * the request, so it can still be answered; `complete` says whether the whole body was read.
 */
export function sameBody(
  source: Readable,
  expected: RequestBodyDigest,
): Promise<{ same: boolean; complete: boolean }> {
  const digester = bodyDigester()
  let read = 0
  return new Promise((resolve, reject) => {
    const finish = (result: { same: boolean; complete: boolean } | Error) => {
      source.off('data', onData).off('end', onEnd).off('error', finish)
      if (result instanceof Error) reject(result)
      else resolve(result)
    }
    const onData = (chunk: Buffer) => {
      read += chunk.length
      if (read <= expected.bytes) return digester.add(chunk)
      source.pause()
      finish({ same: false, complete: false })
    }
    const onEnd = () =>
      finish({ same: digester.digest().sha256 === expected.sha256, complete: true })
    source.on('data', onData).once('end', onEnd).once('error', finish)
    if (source.readableEnded) onEnd()
  })
}
