import { createHash } from 'node:crypto'
import { Transform } from 'node:stream'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { IncomingMessage } from 'node:http'
import busboy from 'busboy'
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '@cms/errors'
import type { MediaStore } from './media-store.ts'
import { HEAD_BYTES, isTruncatedImage, sniffMimeType } from './sniff.ts'
import { storedFilename } from './file-name.ts'

/** What one upload left in GridFS, checked; the caller writes the record or deletes the file. */
export interface ReceivedFile {
  filename: string
  mimeType: string
  size: number
  sha256: string
  head: Uint8Array
}

export interface ReceivedUpload {
  file: ReceivedFile
  fields: { alt?: string; caption?: string }
}

const TEXT_FIELDS = ['alt', 'caption'] as const
const MAX_FIELD_CHARS = 2000
const TAIL_BYTES = 64

const malformed = (message: string) =>
  new ValidationError('The upload is not valid multipart/form-data', [{ path: '', message }])

/** The first `HEAD_BYTES` of a stream (or all of it when shorter) and the rest, unread. */
async function readHead(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = []
  let length = 0
  for await (const chunk of stream.iterator({ destroyOnReturn: false })) {
    parts.push(chunk as Buffer)
    length += (chunk as Buffer).length
    if (length >= HEAD_BYTES) break
  }
  return Buffer.concat(parts)
}

/**
 * Streams the `file` part of a multipart request into GridFS under `id`: the type is sniffed
 * from the first bytes before anything is stored, the size is limited while streaming (busboy
 * stops at `maxBytes`), sha256 and the last bytes are taken on the way. On any failure the
 * GridFS file and its chunks are removed before the error leaves, so nothing half-stored stays.
 */
export async function receiveUpload(
  request: IncomingMessage,
  deps: {
    store: Pick<MediaStore, 'openUpload' | 'deleteFile'>
    id: string
    websiteId: string
    maxBytes: number
    allowSvg: boolean
  },
): Promise<ReceivedUpload> {
  const contentType = request.headers['content-type'] ?? ''
  if (!/^multipart\/form-data\b/i.test(contentType))
    throw new UnsupportedMediaTypeError('Uploads must be multipart/form-data with a file part')
  let parser: busboy.Busboy
  try {
    parser = busboy({
      headers: request.headers,
      // Browsers send a file name as UTF-8 bytes; busboy would read them as Latin-1.
      defParamCharset: 'utf8',
      limits: {
        files: 1,
        fileSize: deps.maxBytes,
        fields: 10,
        fieldSize: MAX_FIELD_CHARS * 4,
        parts: 12,
      },
    })
  } catch (error) {
    throw malformed((error as Error).message)
  }

  const fields: ReceivedUpload['fields'] = {}
  let stored = false
  let fileWork: Promise<ReceivedFile> | undefined
  let failure: Error | undefined
  const fail = (error: Error) => {
    failure ??= error
  }

  const storeFile = async (
    stream: Readable,
    rawName: string | undefined,
  ): Promise<ReceivedFile> => {
    // The pipeline below reports the stream's failures; this keeps one that comes while the
    // type is being sniffed (a client hanging up) from going unheard and ending the process.
    stream.on('error', () => undefined)
    let tooLarge = false
    stream.once('limit', () => {
      tooLarge = true
    })
    const head = await readHead(stream)
    if (tooLarge) throw new PayloadTooLargeError(deps.maxBytes)
    if (head.length === 0) throw ValidationError.single('file', 'The file is empty')
    const mimeType = await sniffMimeType(head, { allowSvg: deps.allowSvg })
    const filename = storedFilename(rawName, mimeType)
    const hash = createHash('sha256')
    let size = 0
    let tail = Buffer.alloc(0)
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk)
        size += chunk.length
        tail = Buffer.concat([tail, chunk.subarray(-TAIL_BYTES)]).subarray(-TAIL_BYTES)
        callback(null, chunk)
      },
    })
    const upload = deps.store.openUpload(deps.id, filename, {
      websiteId: deps.websiteId,
      mimeType,
    })
    stored = true
    const source = (async function* () {
      yield head
      yield* stream
    })()
    await pipeline(source, measure, upload)
    // busboy ends a file that passed the limit early, with 'limit' and `truncated` set.
    if (tooLarge || (stream as Readable & { truncated?: boolean }).truncated)
      throw new PayloadTooLargeError(deps.maxBytes)
    if (isTruncatedImage({ mimeType, head, tail, size }))
      throw ValidationError.single('file', `The ${mimeType} image is truncated or damaged`)
    return { filename, mimeType, size, sha256: hash.digest('hex'), head }
  }

  parser.on('field', (name, value, info) => {
    if (!(TEXT_FIELDS as readonly string[]).includes(name)) {
      fail(malformed(`unknown field '${name}': the form takes file, alt and caption`))
      return
    }
    if (info.valueTruncated || value.length > MAX_FIELD_CHARS)
      fail(ValidationError.single(name, `must be at most ${MAX_FIELD_CHARS} characters`))
    fields[name as (typeof TEXT_FIELDS)[number]] = value
  })
  parser.on('file', (name, stream, info) => {
    if (name !== 'file' || fileWork) {
      stream.resume()
      fail(malformed(`unexpected file part '${name}': send one part named 'file'`))
      return
    }
    fileWork = storeFile(stream, info.filename)
    fileWork.catch((error: Error) => {
      stream.resume()
      fail(error)
    })
  })
  parser.on('filesLimit', () => fail(malformed('send one file per upload')))
  parser.on('partsLimit', () => fail(malformed('too many parts')))

  const cleanUp = async () => {
    if (stored) await deps.store.deleteFile(deps.id).catch(() => undefined)
  }
  try {
    try {
      await pipeline(request, parser)
    } catch (error) {
      // A client that sent a broken form or hung up: busboy's message says which.
      fail(malformed((error as Error).message))
    }
    if (!fileWork && !failure) fail(ValidationError.single('file', "The form has no 'file' part"))
    const file = fileWork
      ? await fileWork.catch((error: Error) => (fail(error), undefined))
      : undefined
    if (failure || !file) throw failure ?? malformed('no file')
    return { file, fields }
  } catch (error) {
    await cleanUp()
    throw error
  }
}
