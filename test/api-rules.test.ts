import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { checkApiRules } from '../scripts/check-api-rules.ts'

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url))

describe('the rules of docs/api.md', () => {
  it('when they are read beside the titles of the tests in test/, then a running test names each rule and every name in a title is a rule', () => {
    const check = checkApiRules(REPO_ROOT)
    expect(check.ruleCount).toBeGreaterThan(0)
    expect(check.problems, check.report).toEqual([])
  })
})
