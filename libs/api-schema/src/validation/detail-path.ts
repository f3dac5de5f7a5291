const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/
const MAX_KEY_IN_PATH = 100

/**
 * The one path syntax of error details: `parent.key` for a member, `parent[3]` for an array
 * element, and `parent["odd key"]` for a member whose name is not an identifier (cut to 100
 * characters), so that a path reads like the JavaScript that would reach the value.
 */
export function memberPath(parent: string, key: string): string {
  const shown = key.length > MAX_KEY_IN_PATH ? `${key.slice(0, MAX_KEY_IN_PATH)}…` : key
  if (PLAIN_KEY.test(shown)) return parent === '' ? shown : `${parent}.${shown}`
  return `${parent}[${JSON.stringify(shown)}]`
}

export const indexPath = (parent: string, index: number): string => `${parent}[${index}]`

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
