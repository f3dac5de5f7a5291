/**
 * Patterns built from a client's text, matched literally. Both engines (MongoDB's PCRE and
 * FerretDB's Go RE2) read a backslash before these characters as the character itself, and
 * `\z` as the very end (`$` would also match before a final newline in PCRE).
 */
const METACHARACTERS = /[\\^$.*+?()[\]{}|]/g

export function escapeRegex(text: string): string {
  return text.replace(METACHARACTERS, '\\$&')
}

export type TextMatch = 'contains' | 'startsWith' | 'endsWith' | 'equals'

export function literalPattern(text: string, match: TextMatch): string {
  const escaped = escapeRegex(text)
  switch (match) {
    case 'contains':
      return escaped
    case 'startsWith':
      return `^${escaped}`
    case 'endsWith':
      return `${escaped}\\z`
    case 'equals':
      return `^${escaped}\\z`
  }
}
