import { createWriteStream, rename, unlink } from 'node:fs'
import { Transform } from 'node:stream'

/**
 * A pass-through that also writes what passes into `partPath`; once the whole stream has
 * passed and the file holds exactly `size` bytes, it is renamed to `path` and `done` is
 * called. A stream destroyed early (the client hung up, the source failed) or a short or
 * failed write removes the part file: nothing partial is ever at `path`. The client's bytes
 * never wait for the disk beyond the write's own back-pressure, and a disk error only
 * stops the copy.
 */
export function cacheFill(options: {
  partPath: string
  path: string
  size: number
  done: () => void
  failed: () => void
}): Transform {
  const file = createWriteStream(options.partPath)
  let written = 0
  let broken = false
  const drop = () => {
    if (!file.destroyed) file.destroy()
    unlink(options.partPath, () => undefined)
    options.failed()
  }
  file.on('error', () => {
    broken = true
  })
  const tee = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      written += chunk.length
      if (broken || file.write(chunk)) return callback(null, chunk)
      // A write that fails never drains.
      const go = () => {
        file.off('drain', go).off('error', go)
        callback(null, chunk)
      }
      file.on('drain', go).on('error', go)
    },
    flush(callback) {
      callback()
      if (broken || written !== options.size) return drop()
      file.end(() => {
        if (broken) return drop()
        rename(options.partPath, options.path, (error) => (error ? drop() : options.done()))
      })
    },
  })
  tee.on('close', () => {
    if (!tee.writableFinished) drop()
  })
  return tee
}
