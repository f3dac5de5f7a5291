import { fileTypeFromBuffer } from 'file-type'
import { UnsupportedMediaTypeError } from '@cms/errors'
import { ACCEPTED_MIME_TYPES, isAcceptedMimeType, SVG_MIME_TYPE } from './media-types.ts'

/** How many leading bytes the sniffers and the image header reader get. */
export const HEAD_BYTES = 256 * 1024

/**
 * An SVG is text, which file-type does not report: an XML prolog, comments or a doctype and
 * then an `<svg` element, within the head.
 */
export function looksLikeSvg(head: Uint8Array): boolean {
  const text = new TextDecoder('utf-8', { fatal: false })
    .decode(head.subarray(0, 4096))
    .replace(/^\uFEFF/, '')
  return /^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(text)
}

/** The upload's type from its first bytes; anything but the accepted types is 415. */
export async function sniffMimeType(head: Uint8Array, options: { allowSvg: boolean }) {
  const found = await fileTypeFromBuffer(head)
  if (found && isAcceptedMimeType(found.mime)) return found.mime
  if ((!found || found.mime === 'application/xml') && looksLikeSvg(head)) {
    if (options.allowSvg) return SVG_MIME_TYPE
    throw new UnsupportedMediaTypeError(
      'SVG uploads are not allowed on this installation (MEDIA_ALLOW_SVG)',
    )
  }
  throw new UnsupportedMediaTypeError(
    `The file is ${found ? found.mime : 'of an unknown type'}; accepted: ${ACCEPTED_MIME_TYPES.join(', ')}`,
  )
}

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length))

/**
 * Whether an image's bytes stop before its own structure says it ends (an upload cut off):
 * PNG ends with IEND, JPEG with EOI, GIF with its trailer, WebP's RIFF header gives its size.
 * `tail` holds the last bytes of the file.
 */
export function isTruncatedImage(input: {
  mimeType: string
  head: Uint8Array
  tail: Uint8Array
  size: number
}): boolean {
  const { mimeType, head, tail, size } = input
  switch (mimeType) {
    case 'image/png':
      return tail.length < 12 || ascii(tail, tail.length - 8, 4) !== 'IEND'
    case 'image/jpeg': {
      // Some writers add padding after EOI; it must come within the last bytes kept.
      for (let i = tail.length - 2; i >= 0; i--)
        if (tail[i] === 0xff && tail[i + 1] === 0xd9) return false
      return true
    }
    case 'image/gif':
      return tail[tail.length - 1] !== 0x3b
    case 'image/webp': {
      if (head.length < 12) return true
      const declared = new DataView(head.buffer, head.byteOffset, 12).getUint32(4, true) + 8
      return size < declared
    }
    default:
      return false
  }
}
