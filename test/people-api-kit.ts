import { expect } from 'vitest'
import { jsonClient, testEnv } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'

/** A signed-in session: its cookie and CSRF token, and calls that carry both. */
export interface TestSession {
  cookie: string
  csrfToken: string
  setCookie: string
  /** Calls with the cookie and the CSRF token (and a website, when given). */
  call: (websiteId?: string) => ApiCall
}

/** The `name=value` of a Set-Cookie header. */
const cookieOf = (setCookie: string): string => setCookie.split(';')[0]!

export function sessionOf(setCookie: string, csrfToken: string, gatewayUrl: string): TestSession {
  const cookie = cookieOf(setCookie)
  return {
    cookie,
    csrfToken,
    setCookie,
    call: (websiteId) =>
      jsonClient(gatewayUrl, {
        cookie,
        'x-csrf-token': csrfToken,
        ...(websiteId && { 'x-cms-website': websiteId }),
      }),
  }
}

/** Signs in with the password form's call (`POST /auth/password`); fails the test unless it succeeds. */
export async function signIn(
  person: { email: string; password: string },
  options: { totp?: string; gatewayUrl?: string } = {},
): Promise<TestSession> {
  const gatewayUrl = options.gatewayUrl ?? testEnv().gatewayUrl
  const answer = await jsonClient(gatewayUrl, {})('POST', '/auth/password', {
    body: {
      email: person.email,
      password: person.password,
      ...(options.totp && { totp: options.totp }),
    },
  })
  expect(answer.status, answer.text).toBe(200)
  return sessionOf(answer.headers.get('set-cookie')!, answer.body.csrfToken, gatewayUrl)
}
