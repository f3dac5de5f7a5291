/** Limits on the free text of definitions, in Unicode code points. */
export const TEXT_LIMITS = {
  label: 200,
  description: 2000,
  icon: 100,
  option: 200,
} as const

const LONE_SURROGATE = /\p{Cs}/u
const CONTROL = /\p{Cc}/u
const CONTROL_EXCEPT_LINE_BREAKS_AND_TABS = /[^\P{Cc}\t\n\r]/u

function codePointsAtMost(value: string, max: number): boolean {
  if (value.length <= max) return true
  if (value.length > max * 2) return false
  let count = 0
  for (const _ of value) if (++count > max) return false
  return true
}

/**
 * Why `value` cannot be a label, description, icon or option, or undefined when it can.
 * Text is kept as sent; lone surrogates and control characters are refused because they cannot
 * round-trip through UTF-8 storage or be shown.
 */
export function displayTextProblem(
  value: unknown,
  options: { max: number; allowEmpty?: boolean; multiline?: boolean },
): string | undefined {
  if (typeof value !== 'string') return 'must be a string'
  if (!options.allowEmpty && value.trim() === '') return 'must not be empty'
  if (!codePointsAtMost(value, options.max)) return `must be at most ${options.max} characters`
  if (LONE_SURROGATE.test(value)) return 'must be valid Unicode text (it contains a lone surrogate)'
  const control = options.multiline ? CONTROL_EXCEPT_LINE_BREAKS_AND_TABS : CONTROL
  if (control.test(value)) return 'must not contain control characters'
  return undefined
}
