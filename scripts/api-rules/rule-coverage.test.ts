import { describe, expect, it } from 'vitest'
import { claimedNames, ruleCoverage } from './rule-coverage.ts'
import type { TestTitle } from './test-titles.ts'

const rules = [
  { name: 'slug: accents folded', line: 1 },
  { name: 'slug: clashes get -2, -3', line: 2 },
  { name: 'queries: limit defaults to 20', line: 3 },
]
const test = (title: string, mode: TestTitle['mode'] = 'runs'): TestTitle => ({
  file: 'test/x.test.ts',
  titles: ['a describe', title],
  mode,
})

describe('claimedNames', () => {
  it('when a title starts with rule names before an em dash, then those are claimed', () => {
    expect(claimedNames('slug: accents folded; slug: clashes get -2, -3 — when x, then y')).toEqual(
      ['slug: accents folded', 'slug: clashes get -2, -3'],
    )
  })

  it('when a title has no em dash or prose before it, then nothing is claimed', () => {
    expect(claimedNames('when slug: accents folded is mentioned, then nothing')).toEqual([])
    expect(claimedNames('when a — b, then c')).toEqual([])
  })
})

describe('ruleCoverage', () => {
  it('when every rule is claimed by a running test, then none is unnamed', () => {
    const coverage = ruleCoverage(rules, [
      test('slug: accents folded — when ..., then ...'),
      test('slug: clashes get -2, -3; queries: limit defaults to 20 — when ..., then ...'),
    ])
    expect(coverage).toEqual({ unnamed: [], onlyFailing: [], unknownClaims: [] })
  })

  it('when a rule is only mentioned, skipped or missing, then it is unnamed', () => {
    const coverage = ruleCoverage(rules, [
      test('when slug: accents folded is only mentioned, then it does not count'),
      test('slug: clashes get -2, -3 — when skipped, then ...', 'skipped'),
    ])
    expect(coverage.unnamed.map((rule) => rule.name)).toEqual(rules.map((rule) => rule.name))
  })

  it('when a rule is named only by it.fails tests, then it is a known divergence, not unnamed', () => {
    const coverage = ruleCoverage(rules.slice(0, 1), [
      test('slug: accents folded — when ..., then ...', 'fails'),
    ])
    expect(coverage.unnamed).toEqual([])
    expect(coverage.onlyFailing).toEqual(rules.slice(0, 1))
  })

  it('when a title claims a name that is no rule, then it is reported with its file', () => {
    const coverage = ruleCoverage(rules, [test('slug: accent folded — when a typo, then ...')])
    expect(coverage.unknownClaims).toEqual([
      {
        name: 'slug: accent folded',
        file: 'test/x.test.ts',
        title: 'slug: accent folded — when a typo, then ...',
      },
    ])
  })
})
