import { describe, expect, it } from 'vitest'
import { profileOf } from './provider-profile.ts'
import { SignInProblem } from './sign-in-problem.ts'

const refusal = (claims: Record<string, unknown>) => {
  try {
    profileOf(claims, 'Corp')
  } catch (error) {
    expect(error).toBeInstanceOf(SignInProblem)
    return (error as Error).message
  }
  throw new Error('not refused')
}

describe('profileOf', () => {
  it('when the claims have a subject, an email and a name, then the email is kept in lower case', () => {
    expect(profileOf({ sub: 's1', email: ' Ada@Example.COM ', name: 'Ada' }, 'Corp')).toEqual({
      subject: 's1',
      email: 'ada@example.com',
      name: 'Ada',
    })
  })

  it('when the name is missing, then it is the given and family names, else the email', () => {
    const claims = { sub: 's', email: 'a@b.c', given_name: 'Ada', family_name: 'Lovelace' }
    expect(profileOf(claims, 'Corp').name).toBe('Ada Lovelace')
    expect(profileOf({ sub: 's', email: 'a@b.c', name: '  ' }, 'Corp').name).toBe('a@b.c')
  })

  it('when the name is long or has control characters, then it is cut to 100 characters without them', () => {
    const name = profileOf(
      { sub: 's', email: 'a@b.c', name: `A\u0000B${'x'.repeat(200)}` },
      'C',
    ).name
    expect(name.startsWith('A B')).toBe(true)
    expect([...name]).toHaveLength(100)
  })

  it('when the subject or a usable email is missing, or the email is not verified, then the sign-in is refused', () => {
    expect(refusal({ email: 'a@b.c' })).toBe('Corp did not say who signed in')
    for (const email of [undefined, 42, 'not-an-address', `${'a'.repeat(251)}@b.c`])
      expect(refusal({ sub: 's', email })).toBe('Corp did not share an email address')
    for (const verified of [false, 'false'])
      expect(refusal({ sub: 's', email: 'a@b.c', email_verified: verified })).toBe(
        'Corp has not verified the email address a@b.c',
      )
    expect(profileOf({ sub: 's', email: 'a@b.c', email_verified: true }, 'Corp').email).toBe(
      'a@b.c',
    )
  })
})
