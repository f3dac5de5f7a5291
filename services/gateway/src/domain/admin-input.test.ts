import { describe, expect, it } from 'vitest'
import { ValidationError } from '@cms/errors'
import { parseApiKeyInput } from './api-key.ts'
import { DEFAULT_PLAN } from './rate-limit-plan.ts'
import { parseWebsiteInput } from './website.ts'

function problemsOf(run: () => unknown): { path: string; message: string }[] {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError)
    return [...((error as ValidationError).details ?? [])]
  }
  throw new Error('expected a ValidationError')
}

describe('website input', () => {
  it('when the name has surrounding spaces, then they are trimmed', () => {
    expect(parseWebsiteInput({ name: '  Blog ' })).toEqual({ name: 'Blog' })
  })

  it('when the body is not an object, then it is one problem at the root', () => {
    expect(problemsOf(() => parseWebsiteInput([1]))).toEqual([
      { path: '', message: 'must be an object' },
    ])
  })

  it('when the name is empty, too long, not a string or has control characters, then each is refused', () => {
    for (const name of ['  ', 'x'.repeat(101), 42, 'a\u0000b', 'a\uD800b']) {
      expect(problemsOf(() => parseWebsiteInput({ name })).map((p) => p.path)).toEqual(['name'])
    }
  })

  it('when an unknown member is sent, then it is named', () => {
    expect(problemsOf(() => parseWebsiteInput({ name: 'a', owner: 'b' }))).toEqual([
      { path: 'owner', message: 'is not accepted here (allowed: name)' },
    ])
  })
})

describe('api key input', () => {
  it('when only a scope is given, then the name and plan take their defaults', () => {
    expect(parseApiKeyInput({ scope: 'read' })).toEqual({
      name: 'read key',
      scope: 'read',
      rateLimit: DEFAULT_PLAN,
    })
  })

  it('when a plan gives one limit, then the other keeps the default', () => {
    expect(parseApiKeyInput({ scope: 'admin', name: 'ci', rateLimit: { perMinute: 600 } })).toEqual(
      {
        name: 'ci',
        scope: 'admin',
        rateLimit: { perMinute: 600, perDay: DEFAULT_PLAN.perDay },
      },
    )
  })

  it('when scope and plan are wrong, then every problem is reported at once', () => {
    const problems = problemsOf(() =>
      parseApiKeyInput({ scope: 'root', rateLimit: { perMinute: 0, perDay: 1.5, burst: 3 } }),
    )
    expect(problems.map((p) => p.path).sort()).toEqual([
      'rateLimit.burst',
      'rateLimit.perDay',
      'rateLimit.perMinute',
      'scope',
    ])
  })

  it('when the scope is missing or the plan is not an object, then both are refused', () => {
    const problems = problemsOf(() => parseApiKeyInput({ rateLimit: 5 }))
    expect(problems.map((p) => p.path)).toEqual(['scope', 'rateLimit'])
  })
})
