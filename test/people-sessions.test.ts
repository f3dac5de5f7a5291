import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Redis } from 'ioredis'
import { describe, expect, it } from 'vitest'
import { Secret, TOTP } from 'otpauth'
import { adminClient, jsonClient, storageCommands, testEnv, waitFor } from '@cms/testkit'
import {
  privateRedisPrefix,
  startGateway,
} from '../services/gateway/test/support/gateway-under-test.ts'
import { SESSION_CACHE_MS } from '../services/gateway/src/people/person-authenticator.ts'
import { createSessions } from '../services/gateway/src/people/sessions.ts'
import { contentSite } from './content-fixtures.ts'
import { signIn } from './people-api-kit.ts'
import { createTestPerson as createPerson } from './people-kit.ts'

const anonymous = () => jsonClient(testEnv().gatewayUrl, {})
const codeOf = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  })

describe('people: sessions', () => {
  it('people: a person signs in with a password and gets a session cookie — when the password is right, then an HttpOnly SameSite=Lax cookie and the session naming the person; a wrong one is 401 alike for an unknown email', async () => {
    const person = await createPerson()
    const session = await signIn(person)
    expect(session.setCookie).toMatch(/^cms_session=/)
    expect(session.setCookie.toLowerCase()).toContain('httponly')
    expect(session.setCookie.toLowerCase()).toContain('samesite=lax')
    expect(session.setCookie.toLowerCase()).not.toContain('secure')

    const current = await session.call()('GET', '/auth/session')
    expect(current.status, current.text).toBe(200)
    expect(current.body.person).toMatchObject({ id: person.id, email: person.email })
    expect(current.body.csrfToken).toBe(session.csrfToken)
    expect(current.body.via).toBe('password')

    const wrong = await anonymous()('POST', '/auth/password', {
      body: { email: person.email, password: 'not the password at all' },
    })
    const unknown = await anonymous()('POST', '/auth/password', {
      body: { email: 'nobody@example.test', password: person.password },
    })
    expect([wrong.status, unknown.status]).toEqual([401, 401])
    expect(wrong.body.error.message).toBe(unknown.body.error.message)
    expect((await anonymous()('GET', '/auth/session')).status).toBe(401)
  })

  it('people: a person acts on a website with their role there — when a member calls the API with x-cms-website, then their role decides, their writes name them as author, and another website is 403', async () => {
    const site = await contentSite()
    const other = await contentSite()
    const person = await createPerson({
      memberships: [{ websiteId: site.websiteId, role: 'author' }],
    })
    const session = await signIn(person)
    const api = session.call(site.websiteId)

    const created = await api('POST', '/api/content', {
      body: { type: 'article', data: { title: 'By a person' } },
    })
    expect(created.status, created.text).toBe(201)
    expect(created.body.authorId).toBe(person.id)
    const publish = await api('POST', `/api/content/${created.body.id}/publish`)
    expect(publish.status, publish.text).toBe(403)
    expect(publish.body.error.message).toContain('publish')

    const elsewhere = await session.call(other.websiteId)('GET', '/api/content')
    expect(elsewhere.status, elsewhere.text).toBe(403)
    const noWebsite = await session.call()('GET', '/api/content')
    expect(noWebsite.status, noWebsite.text).toBe(422)
    expect(noWebsite.body.error.details[0].path).toBe('x-cms-website')
    expect((await session.call('not-a-website')('GET', '/api/content')).status).toBe(422)
  })

  it('people: a write through a session needs its CSRF token — when a cookie write lacks x-csrf-token or comes from another origin, then 403 and nothing is written', async () => {
    const site = await contentSite()
    const person = await createPerson({
      memberships: [{ websiteId: site.websiteId, role: 'editor' }],
    })
    const session = await signIn(person)
    const bare = jsonClient(testEnv().gatewayUrl, {
      cookie: session.cookie,
      'x-cms-website': site.websiteId,
    })
    const before = await site.api('GET', '/api/content?draft=true')
    const noToken = await bare('POST', '/api/content', {
      body: { type: 'article', data: { title: 'forged' } },
    })
    expect(noToken.status, noToken.text).toBe(403)
    expect(noToken.body.error.message).toContain('x-csrf-token')
    const otherOrigin = await session.call(site.websiteId)('POST', '/api/content', {
      body: { type: 'article', data: { title: 'forged' } },
      headers: { origin: 'https://evil.example' },
    })
    expect(otherOrigin.status, otherOrigin.text).toBe(403)
    const after = await site.api('GET', '/api/content?draft=true')
    expect(after.body.totalDocs).toBe(before.body.totalDocs)
    expect((await bare('GET', '/api/content?draft=true')).status).toBe(200)
  })

  it('people: disabling a person ends their sessions at once — when an operator disables them, then the open session is 401 on the next request here and within a second on every other gateway instance', async () => {
    const site = await contentSite()
    const person = await createPerson({
      memberships: [{ websiteId: site.websiteId, role: 'viewer' }],
    })
    const session = await signIn(person)
    const second = await startGateway()
    try {
      const elsewhere = jsonClient(second.url, {
        cookie: session.cookie,
        'x-cms-website': site.websiteId,
      })
      expect((await elsewhere('GET', '/api/content')).status).toBe(200)
      const disabled = await adminClient()('PATCH', `/admin/api/people/${person.id}`, {
        body: { disabled: true },
      })
      expect(disabled.status, disabled.text).toBe(200)
      expect(disabled.body.disabled).toBe(true)
      expect((await session.call(site.websiteId)('GET', '/api/content')).status).toBe(401)
      // Another instance trusts a session it read for at most SESSION_CACHE_MS.
      const disabledAt = Date.now()
      await waitFor(
        async () => (await elsewhere('GET', '/api/content')).status === 401 || undefined,
        {
          what: 'the other gateway refusing the session',
          timeoutMs: 5000,
        },
      )
      expect(Date.now() - disabledAt).toBeLessThan(SESSION_CACHE_MS + 1000)
      const again = await anonymous()('POST', '/auth/password', {
        body: { email: person.email, password: person.password },
      })
      expect(again.status).toBe(403)
    } finally {
      await second.stop()
    }
  })

  it('people: sign out and sign out everywhere — when a person signs out everywhere, then each of their sessions is 401 and the cookie is cleared', async () => {
    const person = await createPerson()
    const first = await signIn(person)
    const second = await signIn(person)
    const out = await first.call()('POST', '/auth/sign-out')
    expect(out.status).toBe(204)
    expect(out.headers.get('set-cookie')).toMatch(/cms_session=;/)
    expect((await first.call()('GET', '/auth/session')).status).toBe(401)
    expect((await second.call()('GET', '/auth/session')).status).toBe(200)
    const third = await signIn(person)
    expect((await third.call()('POST', '/auth/sign-out-everywhere')).status).toBe(204)
    expect((await second.call()('GET', '/auth/session')).status).toBe(401)
    expect((await third.call()('GET', '/auth/session')).status).toBe(401)
  })

  it('people: password guesses are throttled per account — when an account has failed too often, then even the right password is 429 for a while', async () => {
    const person = await createPerson()
    const gateway = await startGateway({
      SIGN_IN_FAILURES_PER_ACCOUNT: '3',
      REDIS_PREFIX: privateRedisPrefix(),
    })
    try {
      const call = jsonClient(gateway.url, {})
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const wrong = await call('POST', '/auth/password', {
          body: { email: person.email, password: `wrong ${attempt}` },
        })
        expect(wrong.status).toBe(401)
      }
      const right = await call('POST', '/auth/password', {
        body: { email: person.email, password: person.password },
      })
      expect(right.status, right.text).toBe(429)
      expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0)
    } finally {
      await gateway.stop()
    }
  })

  it('people: password guesses are throttled per address — when one address has failed too often across accounts, then a sign-in from it is 429 whoever it names', async () => {
    const people = [await createPerson(), await createPerson(), await createPerson()]
    const gateway = await startGateway({
      SIGN_IN_FAILURES_PER_ADDRESS: '3',
      REDIS_PREFIX: privateRedisPrefix(),
    })
    try {
      const call = jsonClient(gateway.url, {})
      for (const person of people) {
        const wrong = await call('POST', '/auth/password', {
          body: { email: person.email, password: 'a wrong password' },
        })
        expect(wrong.status).toBe(401)
      }
      const fourth = await createPerson()
      const right = await call('POST', '/auth/password', {
        body: { email: fourth.email, password: fourth.password },
      })
      expect(right.status, right.text).toBe(429)
    } finally {
      await gateway.stop()
    }
  })

  it('people: the session cookie is Secure over https — when the gateway is reached over https through a trusted proxy, then the cookie is marked Secure', async () => {
    const person = await createPerson()
    const gateway = await startGateway({ TRUST_PROXY_HOPS: '1' })
    try {
      const answer = await jsonClient(gateway.url, { 'x-forwarded-proto': 'https' })(
        'POST',
        '/auth/password',
        { body: { email: person.email, password: person.password } },
      )
      expect(answer.status, answer.text).toBe(200)
      expect(answer.headers.get('set-cookie')!.toLowerCase()).toContain('; secure')
    } finally {
      await gateway.stop()
    }
  })

  it('people: a second factor guards the password — when TOTP is set up, then sign-in needs a current code, a wrong or replayed code is 401', async () => {
    const person = await createPerson()
    const session = await signIn(person)
    const started = await session.call()('POST', '/auth/totp')
    expect(started.status, started.text).toBe(201)
    expect(started.body.uri).toMatch(/^otpauth:\/\/totp\//)
    const secret = started.body.secret as string
    expect(
      (await session.call()('POST', '/auth/totp/confirm', { body: { code: '000000' } })).status,
    ).toBe(codeOf(secret) === '000000' ? 204 : 401)
    const confirmed = await session.call()('POST', '/auth/totp/confirm', {
      body: { code: codeOf(secret, -1) },
    })
    expect(confirmed.status, confirmed.text).toBe(204)

    const noCode = await anonymous()('POST', '/auth/password', {
      body: { email: person.email, password: person.password },
    })
    expect(noCode.status).toBe(401)
    expect(noCode.body.error.details[0].path).toBe('totp')
    const code = codeOf(secret)
    const withCode = await signIn(person, { totp: code })
    expect((await withCode.call()('GET', '/auth/session')).body.person.totp).toBe(true)
    const replay = await anonymous()('POST', '/auth/password', {
      body: { email: person.email, password: person.password, totp: code },
    })
    expect(replay.status).toBe(401)
  })

  it('people: personal access tokens carry the person — when a token is made in a session, then it calls the API as the person until it is revoked; a token cannot make tokens', async () => {
    const site = await contentSite()
    const person = await createPerson({
      memberships: [{ websiteId: site.websiteId, role: 'editor' }],
    })
    const session = await signIn(person)
    const made = await session.call()('POST', '/auth/tokens', {
      body: { name: 'laptop', expiresInDays: 7 },
    })
    expect(made.status, made.text).toBe(201)
    expect(made.body.token).toMatch(/^cmsu_/)
    const withToken = jsonClient(testEnv().gatewayUrl, {
      authorization: `Bearer ${made.body.token}`,
      'x-cms-website': site.websiteId,
    })
    const created = await withToken('POST', '/api/content', {
      body: { type: 'article', data: { title: 'From the CLI' } },
    })
    expect(created.status, created.text).toBe(201)
    expect(created.body.authorId).toBe(person.id)
    expect((await withToken('POST', '/auth/tokens', { body: { name: 'more' } })).status).toBe(403)
    const listed = await session.call()('GET', '/auth/tokens')
    expect(listed.body.docs.map((token: { id: string }) => token.id)).toEqual([made.body.id])
    expect(listed.body.docs[0]).not.toHaveProperty('token')
    expect((await session.call()('DELETE', `/auth/tokens/${made.body.id}`)).status).toBe(204)
    expect((await withToken('GET', '/api/content')).status).toBe(401)
  })

  it('people: operators use the admin API as themselves — when an operator signs in, then /admin/api answers them, a non-operator is 403, and with the admin token switched off the token is 401', async () => {
    const operator = await createPerson({ operator: true })
    const person = await createPerson()
    const asOperator = await signIn(operator)
    const listed = await asOperator.call()('GET', '/admin/api/people')
    expect(listed.status, listed.text).toBe(200)
    expect(listed.body.docs.map((p: { id: string }) => p.id)).toContain(person.id)
    const asPerson = await signIn(person)
    expect((await asPerson.call()('GET', '/admin/api/websites')).status).toBe(403)
    const self = await asOperator.call()('PATCH', `/admin/api/people/${operator.id}`, {
      body: { disabled: true },
    })
    expect(self.status).toBe(409)

    const locked = await startGateway({ ADMIN_TOKEN_ENABLED: 'false' })
    try {
      expect((await adminClient(locked.url)('GET', '/admin/api/websites')).status).toBe(401)
      const viaSession = await jsonClient(locked.url, { cookie: asOperator.cookie })(
        'GET',
        '/admin/api/websites',
      )
      expect(viaSession.status, viaSession.text).toBe(200)
    } finally {
      await locked.stop()
    }
  })

  it("people: invitations by a link that expires — when the invited person accepts with a name and password, then they are signed in with the invitation's memberships; the link works once", async () => {
    const site = await contentSite()
    const email = `invited-${Date.now()}@example.test`
    const invited = await adminClient()('POST', '/admin/api/invitations', {
      body: {
        email,
        memberships: [{ websiteId: site.websiteId, role: 'editor' }],
        expiresInHours: 1,
      },
    })
    expect(invited.status, invited.text).toBe(201)
    const token = (invited.body.link as string).split('#/invitation/')[1]!
    const preview = await anonymous()('GET', `/auth/invitations/${token}`)
    expect(preview.body).toMatchObject({ email, operator: false })
    const accepted = await anonymous()('POST', `/auth/invitations/${token}`, {
      body: { name: 'Invited Person', password: 'a long invited password' },
    })
    expect(accepted.status, accepted.text).toBe(200)
    expect(accepted.body.person.memberships).toEqual([
      { websiteId: site.websiteId, role: 'editor', types: null },
    ])
    expect(accepted.headers.get('set-cookie')).toMatch(/^cms_session=/)
    const twice = await anonymous()('POST', `/auth/invitations/${token}`, {
      body: { name: 'Again', password: 'a long invited password' },
    })
    expect(twice.status).toBe(404)
    const listed = await adminClient()('GET', '/admin/api/invitations')
    expect(listed.body.docs.map((i: { email: string }) => i.email)).not.toContain(email)
  })

  it('people: a password reset link sets a new password once and ends sessions — when the link is used, then the old password and old sessions stop working', async () => {
    const person = await createPerson()
    const session = await signIn(person)
    const reset = await adminClient()('POST', `/admin/api/people/${person.id}/password-reset`)
    expect(reset.status, reset.text).toBe(201)
    const token = (reset.body.link as string).split('#/reset/')[1]!
    const newPassword = 'another long passphrase'
    const done = await anonymous()('POST', '/auth/password-reset', {
      body: { token, password: newPassword },
    })
    expect(done.status, done.text).toBe(204)
    expect((await session.call()('GET', '/auth/session')).status).toBe(401)
    const old = await anonymous()('POST', '/auth/password', {
      body: { email: person.email, password: person.password },
    })
    expect(old.status).toBe(401)
    await signIn({ email: person.email, password: newPassword })
    const again = await anonymous()('POST', '/auth/password-reset', {
      body: { token, password: newPassword },
    })
    expect(again.status).toBe(404)
  })

  it('people: bad input to sign-in is a 4xx in the error shape — when bodies are malformed, short or carry unknown fields, then 422 and no session', async () => {
    const call = anonymous()
    const malformed = await call('POST', '/auth/password', { rawBody: '{"email":' })
    expect(malformed.status).toBe(422)
    const unknown = await call('POST', '/auth/password', {
      body: { email: 'a@example.test', password: 'x', admin: true },
    })
    expect(unknown.status).toBe(422)
    const short = await adminClient()('POST', '/admin/api/people', {
      body: { email: 'short@example.test', name: 'Short', password: 'short' },
    })
    expect(short.status).toBe(422)
    expect(short.body.error.details[0].path).toBe('password')
    const badRole = await adminClient()('POST', '/admin/api/people', {
      body: {
        email: `role-${Date.now()}@example.test`,
        name: 'Bad role',
        memberships: [{ websiteId: '00000000-0000-4000-8000-000000000001', role: 'editor' }],
      },
    })
    expect(badRole.status, badRole.text).toBe(422)
    expect(badRole.body.error.details[0].path).toBe('memberships[0]')
    for (const answer of [malformed, unknown, short, badRole]) {
      expect(answer.headers.get('set-cookie')).toBeNull()
      expect(answer.body.error.code).toMatch(/^[A-Z_]+$/)
    }
  })
})

describe('people: what a session costs and how long it lives', () => {
  it('people: a session check costs no storage command — when a person reads through their session on a warm gateway, then the gateway sends MongoDB nothing for it (Redis only)', async () => {
    const site = await contentSite()
    const person = await createPerson({
      memberships: [{ websiteId: site.websiteId, role: 'viewer' }],
    })
    // The person's cached record lives KEY_CACHE_TTL_MS; the reads fit well within it.
    const gateway = await startGateway({ KEY_CACHE_TTL_MS: '4000' })
    try {
      const session = await signIn(person, { gatewayUrl: gateway.url })
      const read = () => session.call(site.websiteId)('GET', '/api/content-types')
      expect((await read()).status).toBe(200)
      const before = await gatewayRequestCommands(gateway.metricsUrl!)
      for (let call = 0; call < 10; call += 1) expect((await read()).status).toBe(200)
      expect(await gatewayRequestCommands(gateway.metricsUrl!)).toBe(before)
    } finally {
      await gateway.stop()
    }
  })

  it('people: sessions end after their idle and absolute time-outs — when a session is left idle past its time-out, or lives past its absolute one, then it is gone', async () => {
    const redis = new Redis(testEnv().redisUrl)
    const prefix = `cms:test:${randomUUID()}`
    let clock = Date.now()
    const sessions = createSessions({
      redis,
      prefix,
      timeouts: { idleSeconds: 1, absoluteSeconds: 60 },
      now: () => clock,
    })
    try {
      const idle = await sessions.create('person-a', 'password')
      expect(await sessions.resume(idle.id)).toMatchObject({ personId: 'person-a' })
      await new Promise((resolve) => setTimeout(resolve, 1600))
      expect(await sessions.resume(idle.id)).toBeUndefined()

      const used = await sessions.create('person-b', 'password')
      for (let step = 0; step < 3; step += 1) {
        await new Promise((resolve) => setTimeout(resolve, 600))
        expect(await sessions.resume(used.id), 'use restarts the idle time-out').toBeDefined()
      }
      clock += 61_000
      expect(await sessions.resume(used.id)).toBeUndefined()
    } finally {
      redis.disconnect()
    }
  })

  it('people: a password reset link goes to PASSWORD_RESET_WEBHOOK too — when the webhook is set, then it receives the person and the link, and the link works', async () => {
    const received: Array<{ email: string; link: string }> = []
    const server = createServer((request, response) => {
      let text = ''
      request.on('data', (chunk) => (text += chunk))
      request.on('end', () => {
        received.push(JSON.parse(text))
        response.writeHead(204).end()
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const gateway = await startGateway({
      PASSWORD_RESET_WEBHOOK: `http://127.0.0.1:${port}/resets`,
    })
    try {
      const person = await createPerson()
      const reset = await adminClient(gateway.url)(
        'POST',
        `/admin/api/people/${person.id}/password-reset`,
      )
      expect(reset.status, reset.text).toBe(201)
      expect(received).toEqual([
        expect.objectContaining({ email: person.email, link: reset.body.link }),
      ])
      const token = reset.body.link.split('#/reset/')[1]
      const done = await jsonClient(gateway.url, {})('POST', '/auth/password-reset', {
        body: { token, password: 'a password from the webhook' },
      })
      expect(done.status, done.text).toBe(204)
    } finally {
      await gateway.stop()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

/** The MongoDB commands the gateway has sent while answering requests. */
const gatewayRequestCommands = (metricsUrl: string) => storageCommands(metricsUrl)
