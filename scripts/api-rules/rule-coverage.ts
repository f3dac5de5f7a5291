import type { ApiRule } from './rule-names.ts'
import type { TestTitle } from './test-titles.ts'

/** The separator between a title's rule names and its "when ..., then ..." sentence. */
export const NAMES_END = ' — '

/** A rule name starts with its group: `slug: ...`, `queries: ...`. */
const RULE_NAME = /^[a-z]+: \S/

/**
 * The rule names a title claims: the part before ` — `, split at `; `
 * (`slug: accents folded; slug: at most 96 characters — when ..., then ...`).
 */
export function claimedNames(title: string): string[] {
  const end = title.indexOf(NAMES_END)
  if (end < 0) return []
  return title
    .slice(0, end)
    .split('; ')
    .map((name) => name.trim())
    .filter((name) => RULE_NAME.test(name))
}

export interface RuleCoverage {
  /** Rules no running test names: the check fails on these. */
  unnamed: ApiRule[]
  /** Rules named only by `it.fails` tests: known divergences, listed but not failing. */
  onlyFailing: ApiRule[]
  /** Names claimed by a title that are no rule of docs/api.md (a typo, a renamed rule). */
  unknownClaims: Array<{ name: string; file: string; title: string }>
}

/** Which rules the tests name, and which names in titles are not rules. */
export function ruleCoverage(rules: readonly ApiRule[], tests: readonly TestTitle[]): RuleCoverage {
  const known = new Set(rules.map((rule) => rule.name))
  const named = new Set<string>()
  const namedByFailing = new Set<string>()
  const unknownClaims: RuleCoverage['unknownClaims'] = []
  for (const test of tests) {
    for (const title of test.titles) {
      for (const name of claimedNames(title)) {
        if (!known.has(name)) {
          unknownClaims.push({ name, file: test.file, title })
          continue
        }
        if (test.mode === 'runs') named.add(name)
        if (test.mode === 'fails') namedByFailing.add(name)
      }
    }
  }
  return {
    unnamed: rules.filter((rule) => !named.has(rule.name) && !namedByFailing.has(rule.name)),
    onlyFailing: rules.filter((rule) => !named.has(rule.name) && namedByFailing.has(rule.name)),
    unknownClaims,
  }
}
