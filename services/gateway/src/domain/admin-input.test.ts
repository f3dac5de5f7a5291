import { describe, expect, it } from 'vitest'
import { ValidationError } from '@cms/errors'
import { ApiKeyCreateBody } from '@cms/contract'
import { bodyProblems } from '@cms/contract/validation'
import { apiKeyInputOf, keyRoleProblems } from './api-key.ts'
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
  /** What the mount reports for a key's body: the contract schema's problems, then the role rule. */
  const problemsOfBody = (body: unknown) => [
    ...bodyProblems(ApiKeyCreateBody, body),
    ...keyRoleProblems(body),
  ]

  it('when only a scope is given, then the name and plan take their defaults', () => {
    expect(apiKeyInputOf({ scope: 'read' }, new Date())).toEqual({
      name: 'read key',
      role: 'viewer',
      types: null,
      expiresAt: null,
      rateLimit: DEFAULT_PLAN,
    })
  })

  it('when a plan gives one limit, then the other keeps the default', () => {
    expect(
      apiKeyInputOf({ scope: 'admin', name: 'ci', rateLimit: { perMinute: 600 } }, new Date()),
    ).toEqual({
      name: 'ci',
      role: 'owner',
      types: null,
      expiresAt: null,
      rateLimit: { perMinute: 600, perDay: DEFAULT_PLAN.perDay },
    })
  })

  it('when scope and plan are wrong, then every problem is reported at once', () => {
    const problems = problemsOfBody({
      scope: 'root',
      rateLimit: { perMinute: 0, perDay: 1.5, burst: 3 },
    })
    expect(problems.map((p) => p.path).sort()).toEqual([
      'rateLimit.burst',
      'rateLimit.perDay',
      'rateLimit.perMinute',
      'scope',
    ])
  })

  it('when a role is given, then it is kept with its types and expiry', () => {
    const now = new Date('2026-01-01T00:00:00Z')
    const body = { role: 'preview', types: ['event'], expiresAt: '2026-01-02T00:00:00Z' }
    expect(apiKeyInputOf(body, now)).toEqual({
      name: 'preview key',
      role: 'preview',
      types: ['event'],
      expiresAt: new Date('2026-01-02T00:00:00Z'),
      rateLimit: DEFAULT_PLAN,
    })
  })

  it('when both role and scope, or an expiry in the past, are given, then each is refused', () => {
    const now = new Date('2026-01-01T00:00:00Z')
    expect(problemsOfBody({ role: 'owner', scope: 'admin' })).toEqual([
      { path: 'scope', message: 'give a role (or the older scope), one of them' },
    ])
    expect(
      problemsOf(() => apiKeyInputOf({ role: 'owner', expiresAt: '2025-01-01T00:00:00Z' }, now)),
    ).toEqual([{ path: 'expiresAt', message: 'expiresAt must lie in the future' }])
  })

  it('when the scope is missing or the plan is not an object, then both are refused', () => {
    expect(problemsOfBody({ rateLimit: 5 }).map((p) => p.path)).toEqual(['rateLimit', 'scope'])
  })
})
