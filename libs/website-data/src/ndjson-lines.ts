import { Readable } from 'node:stream'
import split2 from 'split2'
import { ValidationError } from '@cms/errors'
import { MAX_LINE_BYTES } from './export-format.ts'

export interface NumberedLine {
  text: string
  /** 1-based, counting empty lines, as an editor shows them. */
  number: number
}

/**
 * The non-empty lines of an NDJSON stream, each with its number. A line longer than
 * `maxLineChars` is a 422 instead of a buffer growing without bound. Stopping early leaves the
 * source undestroyed, so an error answer can still go out on its connection.
 */
export async function* ndjsonLines(
  source: Readable | AsyncIterable<Uint8Array>,
  options: {
    maxLineChars?: number
    /** The number of the stream's first line, when it is part of a longer file. */
    firstLine?: number
  } = {},
): AsyncGenerator<NumberedLine> {
  const maxLength = options.maxLineChars ?? MAX_LINE_BYTES
  const input = source instanceof Readable ? source : Readable.from(source)
  const lines = split2({ maxLength })
  const failed = (error: Error) => lines.destroy(error)
  input.on('error', failed)
  input.pipe(lines)
  let number = (options.firstLine ?? 1) - 1
  try {
    for await (const text of lines as AsyncIterable<string>) {
      number++
      if (text.trim() !== '') yield { text, number }
    }
  } catch (error) {
    if ((error as Error).message === 'maximum buffer reached')
      throw ValidationError.single(`line ${number + 1}`, `longer than ${maxLength} characters`)
    throw error
  } finally {
    input.off('error', failed)
    input.unpipe(lines)
    lines.destroy()
  }
}
