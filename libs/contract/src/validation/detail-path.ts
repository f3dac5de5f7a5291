import { indexPath, memberPath } from '@cms/errors'

const decodeSegment = (segment: string): string => segment.replace(/~1/g, '/').replace(/~0/g, '~')

/**
 * ajv's JSON Pointer (`/fields/0/type`) in the one syntax (`fields[0].type`). The pointer does
 * not say whether `0` is an index or a member named "0", so the value it points into decides.
 */
export function pointerToPath(pointer: string, root: unknown): string {
  if (pointer === '') return ''
  let path = ''
  let value: unknown = root
  for (const raw of pointer.slice(1).split('/')) {
    const segment = decodeSegment(raw)
    if (Array.isArray(value)) {
      const index = Number(segment)
      path = indexPath(path, index)
      value = value[index]
    } else {
      path = memberPath(path, segment)
      value =
        typeof value === 'object' && value !== null && Object.hasOwn(value, segment)
          ? (value as Record<string, unknown>)[segment]
          : undefined
    }
  }
  return path
}
