import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import process from 'node:process'
import { fileURLToPath } from 'node:url'
import { ruleCoverage } from './api-rules/rule-coverage.ts'
import type { RuleCoverage } from './api-rules/rule-coverage.ts'
import { ambiguousRuleNames, readRuleNames } from './api-rules/rule-names.ts'
import { readTestTitles } from './api-rules/test-titles.ts'

export const RULES_FILE = 'docs/api.md'
/** Tests through the gateway: the top-level test folder. */
export const TESTS_FOLDER = 'test'

export interface ApiRulesCheck {
  ok: boolean
  ruleCount: number
  coverage: RuleCoverage
  problems: string[]
  /** What a person reads: every problem, one per line. */
  report: string
}

function gatewayTestFiles(root: string): string[] {
  return readdirSync(join(root, TESTS_FOLDER), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.test.ts') && !path.split(/[\\/]/).includes('node_modules'))
    .sort()
    .map((path) => join(TESTS_FOLDER, path))
}

/** Reads docs/api.md and the titles of test/**\/*.test.ts under `root`; nothing else. */
export function checkApiRules(root: string): ApiRulesCheck {
  const rules = readRuleNames(readFileSync(join(root, RULES_FILE), 'utf8'))
  const tests = gatewayTestFiles(root).flatMap((file) =>
    readTestTitles(file, readFileSync(join(root, file), 'utf8')),
  )
  const coverage = ruleCoverage(rules, tests)
  const problems = [
    ...(rules.length === 0 ? [`${RULES_FILE} names no rule`] : []),
    ...ambiguousRuleNames(rules).map((problem) => `${RULES_FILE} ${problem}`),
    ...coverage.unnamed.map((rule) => `no test names "${rule.name}" (${RULES_FILE}:${rule.line})`),
    ...coverage.unknownClaims.map(
      (claim) => `${claim.file}: "${claim.name}" is no rule of ${RULES_FILE} (in "${claim.title}")`,
    ),
  ]
  const notes = coverage.onlyFailing.map(
    (rule) => `known divergence: "${rule.name}" is held only by it.fails tests`,
  )
  const summary = `${rules.length} rules in ${RULES_FILE}, ${tests.length} tests in ${TESTS_FOLDER}/`
  return {
    ok: problems.length === 0,
    ruleCount: rules.length,
    coverage,
    problems,
    report: [summary, ...problems, ...notes].join('\n'),
  }
}

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url))

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  const check = checkApiRules(REPO_ROOT)
  console.log(check.report)
  process.exitCode = check.ok ? 0 : 1
}
