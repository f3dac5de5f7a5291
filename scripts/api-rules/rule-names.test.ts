import { describe, expect, it } from 'vitest'
import { ambiguousRuleNames, readRuleNames } from './rule-names.ts'

describe('readRuleNames', () => {
  it('when list items start with a § name in code, then each is a rule with its line', () => {
    const markdown = [
      '# API',
      '',
      '- `§ slug: accents folded` — lower-case ASCII.',
      '  * `§ queries: limit defaults to 20`',
      '- `slug: not a rule` without the mark',
      'Prose naming `§ errors: inline` is no rule either.',
    ].join('\n')
    expect(readRuleNames(markdown)).toEqual([
      { name: 'slug: accents folded', line: 3 },
      { name: 'queries: limit defaults to 20', line: 4 },
    ])
  })

  it('when a rule item stands in a fenced example, then it is not a rule', () => {
    const markdown = ['```md', '- `§ slug: example`', '```', '- `§ slug: real`'].join('\n')
    expect(readRuleNames(markdown).map((rule) => rule.name)).toEqual(['slug: real'])
  })
})

describe('ambiguousRuleNames', () => {
  it('when a name is given twice or holds a separator, then each is a problem', () => {
    const problems = ambiguousRuleNames([
      { name: 'slug: a', line: 1 },
      { name: 'slug: a', line: 2 },
      { name: 'slug: b; slug: c', line: 3 },
      { name: 'slug: d — e', line: 4 },
    ])
    expect(problems).toHaveLength(3)
    expect(problems[0]).toContain('line 2')
  })

  it('when names are distinct and plain, then there is no problem', () => {
    expect(ambiguousRuleNames([{ name: 'slug: clashes get -2, -3', line: 1 }])).toEqual([])
  })
})
