const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/
const MAX_KEY_IN_PATH = 100

/**
 * The one path syntax of error details, in every service: `parent.key` for a member,
 * `parent[3]` for an array element, and `parent["odd key"]` for a member whose name is not an
 * identifier (cut to 100 characters), so that a path reads like the JavaScript that reaches the
 * value.
 */
export function memberPath(parent: string, key: string): string {
  const shown = key.length > MAX_KEY_IN_PATH ? `${key.slice(0, MAX_KEY_IN_PATH)}…` : key
  if (PLAIN_KEY.test(shown)) return parent === '' ? shown : `${parent}.${shown}`
  return `${parent}[${JSON.stringify(shown)}]`
}

export const indexPath = (parent: string, index: number): string => `${parent}[${index}]`
