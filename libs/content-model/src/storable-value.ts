/** Deepest nesting of a free-form value; documents as a whole stay well inside BSON's 100 levels. */
export const MAX_VALUE_DEPTH = 64

const keyProblem = (key: string): string | undefined => {
  if (key.startsWith('$')) {
    return `must not have keys that start with $ (found ${JSON.stringify(key.slice(0, 50))})`
  }
  if (key.includes('.')) {
    return `must not have keys that contain a dot (found ${JSON.stringify(key.slice(0, 50))})`
  }
  if (key.includes('\u0000')) return 'must not have keys that contain NUL characters'
  return undefined
}

/**
 * Why a free-form value (`json`, `richText`) cannot be stored as a document part on both MongoDB
 * and FerretDB, or undefined. FerretDB refuses keys with a leading `$` or a dot, NUL in keys and
 * arrays directly inside arrays; MongoDB refuses nesting past 100 levels.
 */
export function storageProblem(value: unknown): string | undefined {
  const pending: { value: unknown; depth: number; inArray: boolean }[] = [
    {
      value,
      depth: 1,
      inArray: false,
    },
  ]
  while (pending.length > 0) {
    const current = pending.pop()!
    if (typeof current.value !== 'object' || current.value === null) continue
    if (current.depth > MAX_VALUE_DEPTH) {
      return `must not be nested more than ${MAX_VALUE_DEPTH} levels deep`
    }
    if (Array.isArray(current.value)) {
      if (current.inArray) return 'must not have an array directly inside an array'
      for (const item of current.value) {
        pending.push({ value: item, depth: current.depth + 1, inArray: true })
      }
      continue
    }
    for (const [key, item] of Object.entries(current.value)) {
      const problem = keyProblem(key)
      if (problem) return problem
      pending.push({ value: item, depth: current.depth + 1, inArray: false })
    }
  }
  return undefined
}
