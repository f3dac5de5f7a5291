import { ValidationError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'

export const TRANSFORM_FITS = ['cover', 'contain', 'inside'] as const
export const TRANSFORM_FORMATS = ['webp', 'avif', 'jpeg', 'png'] as const
export type TransformFit = (typeof TRANSFORM_FITS)[number]
export type TransformFormat = (typeof TRANSFORM_FORMATS)[number]
export const MAX_TRANSFORM_SIDE = 4096
const DEFAULT_QUALITY = 80

export interface TransformRequest {
  width?: number
  height?: number
  fit: TransformFit
  /** Unset: the source's own format when it is one of the four, else png. */
  format?: TransformFormat
  quality: number
}

const PARAMS = ['w', 'h', 'fit', 'format', 'q'] as const

function integerIn(raw: string, min: number, max: number): number | undefined {
  return /^\d{1,5}$/.test(raw) && Number(raw) >= min && Number(raw) <= max ? Number(raw) : undefined
}

/**
 * `?w=&h=&fit=&format=&q=` of an asset URL; undefined when none is given (the original).
 * `w` and `h` take only the listed `sizes` (MEDIA_TRANSFORM_SIZES), so anyone can make only a
 * few variants of a file. Any other parameter, a repeated one or a value out of range is one
 * 422 naming each.
 */
export function parseTransform(
  queryString: string,
  sizes: readonly number[],
): TransformRequest | undefined {
  const params = new URLSearchParams(queryString)
  if ([...params.keys()].length === 0) return undefined
  const problems: ErrorDetail[] = []
  const seen = new Set<string>()
  for (const name of params.keys()) {
    if (!(PARAMS as readonly string[]).includes(name))
      problems.push({
        path: name,
        message: 'unknown parameter: transforms take w, h, fit, format, q',
      })
    else if (seen.has(name)) problems.push({ path: name, message: 'given more than once' })
    seen.add(name)
  }
  const request: TransformRequest = { fit: 'cover', quality: DEFAULT_QUALITY }
  const side = (name: 'w' | 'h') => {
    const raw = params.get(name)
    if (raw === null) return undefined
    const value = integerIn(raw, 1, MAX_TRANSFORM_SIDE)
    if (value === undefined || !sizes.includes(value)) {
      problems.push({ path: name, message: `must be one of the sizes ${sizes.join(', ')}` })
      return undefined
    }
    return value
  }
  const width = side('w')
  const height = side('h')
  if (width !== undefined) request.width = width
  if (height !== undefined) request.height = height
  const fit = params.get('fit')
  if (fit !== null) {
    if ((TRANSFORM_FITS as readonly string[]).includes(fit)) request.fit = fit as TransformFit
    else problems.push({ path: 'fit', message: `must be one of ${TRANSFORM_FITS.join(', ')}` })
  }
  const format = params.get('format')
  if (format !== null) {
    if ((TRANSFORM_FORMATS as readonly string[]).includes(format))
      request.format = format as TransformFormat
    else
      problems.push({ path: 'format', message: `must be one of ${TRANSFORM_FORMATS.join(', ')}` })
  }
  const quality = params.get('q')
  if (quality !== null) {
    const value = integerIn(quality, 1, 100)
    if (value === undefined)
      problems.push({ path: 'q', message: 'must be an integer from 1 to 100' })
    else request.quality = value
  }
  if (problems.length > 0) throw new ValidationError('Invalid image transform', problems)
  return request
}

const FORMAT_OF_MIME: Readonly<Record<string, TransformFormat>> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
}

export const MIME_OF_FORMAT: Readonly<Record<TransformFormat, string>> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpeg: 'image/jpeg',
  png: 'image/png',
}

/** The transform with every default filled in, and its key: equal requests share one variant. */
export function resolvedTransform(request: TransformRequest, sourceMime: string) {
  const format = request.format ?? FORMAT_OF_MIME[sourceMime] ?? 'png'
  const resolved = { ...request, format }
  const key = [
    `w${request.width ?? ''}`,
    `h${request.height ?? ''}`,
    request.width !== undefined && request.height !== undefined ? request.fit : 'auto',
    format,
    `q${request.quality}`,
  ].join('_')
  return { transform: resolved as TransformRequest & { format: TransformFormat }, key }
}
