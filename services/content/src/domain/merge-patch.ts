import type { DocumentData } from '../document/document.ts'

/**
 * JSON Merge Patch one level deep on `data`: each sent key replaces that key, `null` removes
 * it. Keys are defined as own data properties, so a `__proto__` key is a plain member and can
 * never reach a prototype. Neither argument is changed.
 */
export function mergeData(current: DocumentData, patch: DocumentData): DocumentData {
  const merged: DocumentData = {}
  const put = (key: string, value: unknown) =>
    Object.defineProperty(merged, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  for (const key of Object.keys(current)) put(key, current[key])
  for (const key of Object.keys(patch)) {
    const value = patch[key]
    if (value === null) delete merged[key]
    else put(key, value)
  }
  return merged
}
