import { RE2JS } from 're2js'
import type { RegExpEngine } from 'ajv/dist/types/index.js'
import { MAX_PATTERN_LENGTH } from '@cms/contract'

/**
 * Text fields' `pattern`s run on RE2 (re2js, a pure-JavaScript port): matching takes time
 * linear in the value, whatever the pattern, so a hostile pattern cannot stall a write. RE2 has
 * no backreferences or lookaround; a pattern using them is refused when the type is saved.
 */
export function patternProblem(pattern: string): string | undefined {
  if ([...pattern].length > MAX_PATTERN_LENGTH)
    return `must be at most ${MAX_PATTERN_LENGTH} characters`
  try {
    RE2JS.compile(pattern)
    return undefined
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return `is not a regular expression in RE2 syntax (${reason})`
  }
}

/** ajv's `code.regExp`: every `pattern` of a data schema is searched for with RE2. */
export const linearRegExp: RegExpEngine = Object.assign(
  (pattern: string) => {
    const compiled = RE2JS.compile(pattern)
    // ajv keys its compiled patterns by toString().
    return { test: (value: string) => compiled.test(value), toString: () => pattern }
  },
  { code: 'linearRegExp' },
)
