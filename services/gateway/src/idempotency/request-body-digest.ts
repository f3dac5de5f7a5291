import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'
import busboy from 'busboy'
import type { RequestBodyDigest } from './idempotency-record.ts'

/** Folds a body's chunks, as they stream past, into its digest. */
export interface BodyDigester {
  add(chunk: Buffer): void
  /** Once the last chunk was added. */
  digest(): Promise<RequestBodyDigest>
}

/**
 * How much longer a retried form may be than the first: its boundary (at most 70 characters)
 * is written once per part, so another client's framing of the same parts differs by little.
 */
const FORM_FRAMING_SLACK_BYTES = 64 * 1024

/** An upload has a file and two texts; the part digests of a larger form are not kept. */
const MOST_FORM_PARTS = 64

const isForm = (contentType: string | undefined): contentType is string =>
  /^multipart\/form-data\b/i.test(contentType ?? '')

/** The SHA-256 and length of the bytes as sent. */
function rawDigester() {
  const hash = createHash('sha256')
  let bytes = 0
  return {
    add(chunk: Buffer) {
      hash.update(chunk)
      bytes += chunk.length
    },
    digest: (): RequestBodyDigest => ({ sha256: hash.digest('hex'), bytes }),
  }
}

/**
 * A multipart form's digest is that of its parts in order (name, file name, type, and the
 * SHA-256 of the value), not of its bytes: a client that sends the same form again frames it
 * with a new boundary (fetch and FormData pick one per request). A body busboy cannot read is
 * digested as sent.
 */
function formDigester(contentType: string): BodyDigester {
  const raw = rawDigester()
  let parser: busboy.Busboy
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: { fieldSize: Infinity, parts: MOST_FORM_PARTS },
    })
  } catch {
    return { add: raw.add, digest: async () => raw.digest() }
  }
  const parts: Array<{ describe: unknown[]; sha256: Promise<string> }> = []
  const sha256Of = (value: string | Buffer) => createHash('sha256').update(value).digest('hex')
  parser.on('field', (name, value, info) => {
    parts.push({
      describe: ['field', name, info.mimeType],
      sha256: Promise.resolve(sha256Of(value)),
    })
  })
  parser.on('file', (name, stream, info) => {
    const hash = createHash('sha256')
    stream.on('data', (chunk: Buffer) => hash.update(chunk))
    const sha256 = new Promise<string>((resolve) => {
      stream.once('end', () => resolve(hash.digest('hex')))
      stream.on('error', () => resolve('unreadable'))
    })
    parts.push({ describe: ['file', name, info.filename ?? null, info.mimeType], sha256 })
  })
  let readable = true
  // Parts past the limit are not reported: such a form is digested as sent.
  let tooManyParts = false
  parser.once('partsLimit', () => {
    tooManyParts = true
  })
  const parsed = new Promise<void>((resolve) => {
    parser.on('error', () => {
      readable = false
      resolve()
    })
    parser.once('close', resolve)
  })
  return {
    add(chunk) {
      raw.add(chunk)
      if (readable) parser.write(chunk)
    },
    async digest() {
      if (readable) parser.end()
      await parsed
      const asSent = raw.digest()
      if (!readable || tooManyParts) return asSent
      const described = await Promise.all(
        parts.map(async (part) => [...part.describe, await part.sha256]),
      )
      return { sha256: sha256Of(JSON.stringify(described)), bytes: asSent.bytes, form: true }
    },
  }
}

/** The digester for a body of `contentType`. */
export function bodyDigester(contentType: string | undefined): BodyDigester {
  if (isForm(contentType)) return formDigester(contentType)
  const raw = rawDigester()
  return { add: raw.add, digest: async () => raw.digest() }
}

/** The longest body that may be the one `expected` describes. */
const mostBytesOf = (expected: RequestBodyDigest): number =>
  expected.form ? expected.bytes + FORM_FRAMING_SLACK_BYTES : expected.bytes

/** Whether a body whose declared length is `declared` may be the one `expected` describes. */
export function mayBeSameBody(declared: number, expected: RequestBodyDigest): boolean {
  return expected.form ? declared <= mostBytesOf(expected) : declared === expected.bytes
}

/**
 * Whether a retry's body is the one `expected` describes. Reads no more than one chunk past the
 * length it may have and leaves the rest unread, without destroying the request, so it can
 * still be answered; `complete` says whether the whole body was read.
 */
export function sameBody(
  source: Readable,
  contentType: string | undefined,
  expected: RequestBodyDigest,
): Promise<{ same: boolean; complete: boolean }> {
  const digester = bodyDigester(expected.form ? contentType : undefined)
  const most = mostBytesOf(expected)
  let read = 0
  return new Promise((resolve, reject) => {
    const finish = (result: { same: boolean; complete: boolean } | Error) => {
      source.off('data', onData).off('end', onEnd).off('error', finish)
      if (result instanceof Error) reject(result)
      else resolve(result)
    }
    const onData = (chunk: Buffer) => {
      read += chunk.length
      if (read <= most) return digester.add(chunk)
      source.pause()
      finish({ same: false, complete: false })
    }
    const onEnd = () => {
      digester
        .digest()
        .then(
          (digest) => finish({ same: digest.sha256 === expected.sha256, complete: true }),
          finish,
        )
    }
    source.on('data', onData).once('end', onEnd).once('error', finish)
    if (source.readableEnded) onEnd()
  })
}
