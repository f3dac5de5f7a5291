const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/
const MAX_KEY_IN_PATH = 100

/** `parent.key`, or `parent["odd key"]` when the key is not a plain identifier (cut to 100 chars). */
export function memberPath(parent: string, key: string): string {
  const shown = key.length > MAX_KEY_IN_PATH ? `${key.slice(0, MAX_KEY_IN_PATH)}…` : key
  if (PLAIN_KEY.test(shown)) return parent === '' ? shown : `${parent}.${shown}`
  return `${parent}[${JSON.stringify(shown)}]`
}

export function indexPath(parent: string, index: number): string {
  return `${parent}[${index}]`
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
