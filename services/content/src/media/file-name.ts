import { SVG_MIME_TYPE } from './media-types.ts'

/** The extensions a file of each stored type may have; the first is the one given. */
const EXTENSIONS_OF_TYPE: Readonly<Record<string, readonly string[]>> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/avif': ['avif'],
  'image/gif': ['gif'],
  'application/pdf': ['pdf'],
  'video/mp4': ['mp4', 'm4v'],
  'video/webm': ['webm'],
  'audio/mpeg': ['mp3'],
  [SVG_MIME_TYPE]: ['svg'],
}

const MAX_NAME_CHARS = 200

/**
 * C0 and C1 controls, DEL, and the characters that change the direction or the lines of the
 * text around them (U+202A-202E embeddings and overrides, U+2066-2069 isolates, the U+200E/200F
 * and U+061C marks, U+2028/2029 separators): a name shown in a list or a download dialog must
 * read as it is stored (`gpj.exe` must not pass for `exe.jpg`).
 */
// eslint-disable-next-line no-control-regex
const UNSHOWN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/gu

/** A trailing `.ext` of 1 to 10 letters or digits is an extension the stored type replaces. */
const EXTENSION = /\.([\p{L}\p{N}]{1,10})$/u

/** The client's base name without unshown characters and outer spaces, or `fallback`. */
export function cleanFilename(raw: string | undefined, fallback: string): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? ''
  const cleaned = base.replace(UNSHOWN, '').trim().slice(0, MAX_NAME_CHARS)
  return cleaned === '' || /^\.+$/.test(cleaned) ? fallback : cleaned
}

/**
 * The name a file of `mimeType` is stored and served under: `cleanFilename`'s, with the type's
 * own extension (one the client gave is kept when it is one of the type's, in any case).
 */
export function storedFilename(raw: string | undefined, mimeType: string): string {
  const cleaned = cleanFilename(raw, 'file')
  const extensions = EXTENSIONS_OF_TYPE[mimeType]
  if (!extensions) return cleaned
  const given = EXTENSION.exec(cleaned)
  if (given && extensions.includes(given[1]!.toLowerCase())) return cleaned
  const stem = (given ? cleaned.slice(0, given.index) : cleaned).replace(/[\s.]+$/, '') || 'file'
  return `${stem.slice(0, MAX_NAME_CHARS - 6)}.${extensions[0]!}`
}
