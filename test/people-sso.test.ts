import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { MongoClient } from 'mongodb'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { adminClient, createTestWebsite, testEnv } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'
import { ADMIN_UI_DIST } from '@cms/admin-ui'
import { buildAdminUi } from '../apps/admin-ui/build-admin-ui.ts'
import {
  privateRedisPrefix,
  startGateway,
} from '../services/gateway/test/support/gateway-under-test.ts'
import type { RunningGateway } from '../services/gateway/src/main.ts'
import { createInvitationsRepository } from '../services/gateway/src/people/invitations-repository.ts'
import { launchChromium } from './browser-kit.ts'
import { signInThroughProvider, startOidcProvider } from './oidc-provider-kit.ts'
import type { OidcProviderKit, ProviderAccount, ProviderLanding } from './oidc-provider-kit.ts'

const PROVIDER_NAME = 'Kit SSO'
const NOTE = {
  name: 'note',
  label: 'Note',
  titleField: 'title',
  fields: [{ name: 'title', label: 'Title', type: 'text', required: true }],
}
const SIGN_IN_PAGE = '/admin#/sign-in?problem='

interface SessionPerson {
  id: string
  email: string
  name: string
  operator: boolean
  memberships: Array<{ websiteId: string; role: string; types: string[] | null }>
  providers: string[]
}

/** Where a sign-in landed (the callback's redirect) and who the browser is signed in as. */
interface Landing extends ProviderLanding {
  person: SessionPerson | undefined
}

describe('people: single sign-on through an OpenID provider', () => {
  const admin = adminClient()
  const prefix = privateRedisPrefix()
  let kit: OidcProviderKit
  let browser: Browser
  let invitationOnly: RunningGateway
  let firstSignIn: RunningGateway
  let redis: Redis
  /** Governed by the provider's groups; has the type `note`. */
  let site: TestWebsite
  let mapped: string
  let alsoMapped: string
  /** Not named by the provider: memberships there are the panel's. */
  let unmapped: string

  const account = (overrides: Partial<ProviderAccount> = {}): ProviderAccount => {
    const id = randomUUID().slice(0, 8)
    const email = `sso-${id}@example.com`
    const created = { sub: `sub-${id}`, email, name: `Person ${id}`, ...overrides }
    kit.addAccount(created)
    return created
  }

  async function startWithProvider(
    signUp: string,
    clientId: string,
    others: object[] = [],
  ): Promise<RunningGateway> {
    const clientSecret = randomUUID()
    const providers = [
      ...others,
      {
        id: 'kit',
        name: PROVIDER_NAME,
        issuer: kit.issuer,
        clientId,
        clientSecret,
        scopes: ['openid', 'email', 'profile', 'groups'],
        groupRoles: {
          writers: [{ websiteId: mapped, role: 'editor' }],
          readers: [
            { websiteId: mapped, role: 'viewer' },
            { websiteId: alsoMapped, role: 'viewer', types: ['post'] },
          ],
        },
        operatorGroups: ['platform'],
      },
    ]
    const gateway = await startGateway({
      OIDC_PROVIDERS: JSON.stringify(providers),
      PEOPLE_SIGN_UP: signUp,
      REDIS_PREFIX: prefix,
    })
    await kit.addClient({
      clientId,
      clientSecret,
      redirectUris: [`${gateway.url}/auth/oidc/kit/callback`],
    })
    return gateway
  }

  async function createWebsite(): Promise<string> {
    const name = `sso-${randomUUID().slice(0, 8)}`
    const website = await admin('POST', '/admin/api/websites', { body: { name } })
    expect(website.status, website.text).toBe(201)
    return website.body.id
  }

  /** A sign-in through the provider in a fresh browser, and who it is signed in as. */
  async function signIn(
    gateway: RunningGateway,
    email: string,
    options: { query?: string; cancel?: boolean } = {},
  ): Promise<Landing> {
    const landing = await signInThroughProvider(browser, {
      kit,
      gatewayUrl: gateway.url,
      email,
      ...options,
    })
    const session = await landing.context.request.get(`${gateway.url}/auth/session`)
    const person = session.ok() ? ((await session.json()).person as SessionPerson) : undefined
    return { ...landing, person }
  }

  const problemOf = (location: string): string | undefined =>
    location.includes(SIGN_IN_PAGE)
      ? decodeURIComponent(location.slice(location.indexOf(SIGN_IN_PAGE) + SIGN_IN_PAGE.length))
      : undefined

  async function personByEmail(email: string): Promise<SessionPerson | undefined> {
    const listed = await admin('GET', '/admin/api/people')
    expect(listed.status, listed.text).toBe(200)
    return (listed.body.docs as SessionPerson[]).find((person) => person.email === email)
  }

  beforeAll(async () => {
    if (!existsSync(join(ADMIN_UI_DIST, 'index.html'))) await buildAdminUi()
    kit = await startOidcProvider()
    site = await createTestWebsite()
    mapped = site.websiteId
    const note = await site.api('POST', '/api/content-types', { body: NOTE })
    expect(note.status, note.text).toBe(201)
    alsoMapped = await createWebsite()
    unmapped = await createWebsite()
    invitationOnly = await startWithProvider('invitation', 'gateway-invitation')
    firstSignIn = await startWithProvider('first-sign-in', 'gateway-first-sign-in')
    browser = await launchChromium()
    redis = new Redis(testEnv().redisUrl)
  })

  afterAll(async () => {
    await browser?.close()
    await invitationOnly?.stop()
    await firstSignIn?.stop()
    await kit?.close()
    redis?.disconnect()
  })

  it('sso: a sign-in ends in the panel or on its sign-in page — when a person signs in at the provider, then they land on the panel route they asked for, signed in, with the provider among their sign-in methods', async () => {
    const known = account()
    const created = await admin('POST', '/admin/api/people', {
      body: { email: known.email, name: 'Known Person' },
    })
    expect(created.status, created.text).toBe(201)
    const landing = await signIn(invitationOnly, known.email, {
      query: `?return=${encodeURIComponent('#/websites')}`,
    })
    expect(landing.location).toBe(`${invitationOnly.url}/admin#/websites`)
    expect(landing.person?.id, 'the person found by email').toBe(created.body.id)
    expect(landing.person?.providers).toEqual(['kit'])

    // Found again by the provider's identity, though the address has changed at the provider.
    kit.addAccount({ ...known, email: `changed-${known.email}` })
    const again = await signIn(invitationOnly, `changed-${known.email}`)
    expect(again.location).toBe(`${invitationOnly.url}/admin#/`)
    expect(again.person?.id).toBe(created.body.id)
    await landing.context.close()
    await again.context.close()
  })

  it("sso: a sign-in ends in the panel or on its sign-in page — when the sign-in is started, then the provider is asked with PKCE (S256), a state kept 10 minutes and a nonce, for this gateway's callback", async () => {
    const started = await fetch(`${invitationOnly.url}/auth/oidc/kit`, { redirect: 'manual' })
    expect(started.status).toBe(302)
    const request = new URL(started.headers.get('location')!)
    expect(request.origin + request.pathname).toBe(`${kit.issuer}/auth`)
    const asked = request.searchParams
    expect(asked.get('response_type')).toBe('code')
    expect(asked.get('redirect_uri')).toBe(`${invitationOnly.url}/auth/oidc/kit/callback`)
    expect(asked.get('code_challenge_method')).toBe('S256')
    expect(asked.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(asked.get('nonce')).toMatch(/^[A-Za-z0-9_-]{20,}$/)
    expect(asked.get('scope')).toBe('openid email profile groups')
    const ttl = await redis.ttl(`${prefix}:oidc:${asked.get('state')}`)
    expect(ttl).toBeGreaterThan(540)
    expect(ttl).toBeLessThanOrEqual(600)
  })

  it('sso: groups map to memberships — when the provider says a person is in mapped groups, then each sign-in sets the memberships of the websites the mapping names and the operator flag, and keeps the others', async () => {
    const member = account({ groups: ['writers', 'platform'] })
    const invited = await admin('POST', '/admin/api/invitations', {
      body: {
        email: member.email,
        memberships: [
          { websiteId: unmapped, role: 'author' },
          { websiteId: alsoMapped, role: 'owner' },
        ],
      },
    })
    expect(invited.status, invited.text).toBe(201)
    const first = await signIn(invitationOnly, member.email)
    expect(first.location).toBe(`${invitationOnly.url}/admin#/`)
    expect(first.person?.operator).toBe(true)
    const byWebsite = (person: SessionPerson | undefined) =>
      Object.fromEntries(person!.memberships.map((m) => [m.websiteId, [m.role, m.types]]))
    // alsoMapped is governed by the groups and no group of the person grants it.
    expect(byWebsite(first.person)).toEqual({
      [unmapped]: ['author', null],
      [mapped]: ['editor', null],
    })

    kit.addAccount({ ...member, groups: ['readers'] })
    const second = await signIn(invitationOnly, member.email)
    expect(second.person?.operator).toBe(false)
    expect(byWebsite(second.person)).toEqual({
      [unmapped]: ['author', null],
      [mapped]: ['viewer', null],
      [alsoMapped]: ['viewer', ['post']],
    })
    expect((await personByEmail(member.email))?.memberships).toHaveLength(3)
    await first.context.close()
    await second.context.close()
  })

  it('sso: sign-up follows PEOPLE_SIGN_UP — when sign-up is by invitation, then the invited get in once, the invitation is taken, and one whose invitation expired or a stranger lands on the sign-in page with the reason', async () => {
    const invitedAccount = account()
    const invitation = await admin('POST', '/admin/api/invitations', {
      body: { email: invitedAccount.email, memberships: [{ websiteId: unmapped, role: 'viewer' }] },
    })
    expect(invitation.status, invitation.text).toBe(201)
    const invited = await signIn(invitationOnly, invitedAccount.email)
    expect(invited.location).toBe(`${invitationOnly.url}/admin#/`)
    expect(invited.person?.memberships).toEqual([
      { websiteId: unmapped, role: 'viewer', types: null },
    ])
    const open = await admin('GET', '/admin/api/invitations')
    expect(open.body.docs.map((listed: { id: string }) => listed.id)).not.toContain(
      invitation.body.id,
    )

    // An invitation past its time is no invitation (written directly: none can be made so).
    const late = account()
    const mongo = new MongoClient(testEnv().mongoUrl)
    try {
      await createInvitationsRepository(mongo.db('cms_gateway')).insert({
        id: randomUUID(),
        tokenHash: randomUUID(),
        email: late.email,
        operator: true,
        memberships: [],
        createdAt: new Date(Date.now() - 2 * 3600_000),
        expiresAt: new Date(Date.now() - 3600_000),
      })
    } finally {
      await mongo.close()
    }
    const expired = await signIn(invitationOnly, late.email)
    expect(problemOf(expired.location)).toBe(
      `${late.email} has no account here: ask for an invitation`,
    )
    expect(await personByEmail(late.email)).toBeUndefined()
    await expired.context.close()

    const stranger = account()
    const refused = await signIn(invitationOnly, stranger.email)
    expect(problemOf(refused.location)).toBe(
      `${stranger.email} has no account here: ask for an invitation`,
    )
    expect(refused.person).toBeUndefined()
    expect(await personByEmail(stranger.email)).toBeUndefined()
    // The panel's sign-in page shows the reason.
    await refused.page.getByRole('alert').getByText('ask for an invitation').waitFor()
    await invited.context.close()
    await refused.context.close()
  })

  it("sso: sign-up follows PEOPLE_SIGN_UP — when anyone may sign up on first sign-in, then a new person is created from the provider's profile, with the memberships of their groups", async () => {
    const newcomer = account({ groups: ['readers'] })
    const landing = await signIn(firstSignIn, newcomer.email)
    expect(landing.location).toBe(`${firstSignIn.url}/admin#/`)
    expect(landing.person).toMatchObject({
      email: newcomer.email,
      name: newcomer.name,
      operator: false,
      providers: ['kit'],
    })
    expect(landing.person?.memberships).toHaveLength(2)
    expect((await personByEmail(newcomer.email))?.id).toBe(landing.person?.id)
    await landing.context.close()
  })

  it("sso: a sign-in is used once — when the provider's answer is replayed, then it lands on the sign-in page and no second session is made", async () => {
    const person = account()
    const landing = await signIn(firstSignIn, person.email)
    expect(landing.person?.email).toBe(person.email)
    const replayed = await fetch(landing.callbackUrl, { redirect: 'manual' })
    expect(replayed.status).toBe(302)
    expect(problemOf(replayed.headers.get('location')!)).toBe(
      'This sign-in expired or was already used: sign in again',
    )
    expect(replayed.headers.get('set-cookie')).toBeNull()
    const unknown = await fetch(
      `${firstSignIn.url}/auth/oidc/kit/callback?code=abc&state=${'x'.repeat(43)}`,
      { redirect: 'manual' },
    )
    expect(problemOf(unknown.headers.get('location')!)).toMatch(/expired or was already used/)
    await landing.context.close()
  })

  it("sso: return is a panel route only — when return is not a hash route of the panel, then the sign-in lands on the panel's start", async () => {
    const person = account()
    for (const target of ['https://evil.example/#/', '//evil.example', '/admin#/websites']) {
      const landing = await signIn(firstSignIn, person.email, {
        query: `?return=${encodeURIComponent(target)}`,
      })
      expect(landing.location, target).toBe(`${firstSignIn.url}/admin#/`)
      expect(landing.person?.email).toBe(person.email)
      await landing.context.close()
    }
  })

  it('sso: refusals land on the sign-in page — when the provider says the email is unverified, the person is disabled, or the person cancels at the provider, then the sign-in page says so and no session is made', async () => {
    const unverified = account({ emailVerified: false })
    const notVerified = await signIn(firstSignIn, unverified.email)
    expect(problemOf(notVerified.location)).toBe(
      `${PROVIDER_NAME} has not verified the email address ${unverified.email}`,
    )
    expect(notVerified.person).toBeUndefined()
    expect(await personByEmail(unverified.email)).toBeUndefined()

    const leaver = account()
    const created = await admin('POST', '/admin/api/people', {
      body: { email: leaver.email, name: 'Leaver' },
    })
    expect(created.status, created.text).toBe(201)
    const disabled = await admin('PATCH', `/admin/api/people/${created.body.id}`, {
      body: { disabled: true },
    })
    expect(disabled.status, disabled.text).toBe(200)
    const refused = await signIn(firstSignIn, leaver.email)
    expect(problemOf(refused.location)).toBe('This account is disabled')
    expect(refused.person).toBeUndefined()

    const cancelled = await signIn(firstSignIn, account().email, { cancel: true })
    expect(problemOf(cancelled.location)).toBe(`${PROVIDER_NAME} refused the sign-in`)
    expect(cancelled.person).toBeUndefined()
    for (const landing of [notVerified, refused, cancelled]) await landing.context.close()
  })

  it('sso: refusals land on the sign-in page — when the provider cannot be reached or its answer does not check out, then the start lands on the sign-in page, and the next sign-in asks the provider again', async () => {
    // A gateway of its own: the first sign-in of this one discovers the provider. "Elsewhere" is
    // an issuer URL the provider does not answer as (its discovery is 404).
    const elsewhere = { id: 'elsewhere', name: 'Elsewhere', clientId: 'x', clientSecret: 'y' }
    const gateway = await startWithProvider('first-sign-in', 'gateway-provider-down', [
      { ...elsewhere, issuer: `${kit.issuer}/elsewhere` },
    ])
    try {
      kit.setDown(true)
      const down = await fetch(`${gateway.url}/auth/oidc/kit`, { redirect: 'manual' })
      expect(down.status).toBe(302)
      expect(problemOf(down.headers.get('location')!)).toBe(
        `${PROVIDER_NAME} cannot be reached: try again later`,
      )
      kit.setDown(false)
      const up = await fetch(`${gateway.url}/auth/oidc/kit`, { redirect: 'manual' })
      expect(up.headers.get('location')!.startsWith(`${kit.issuer}/auth?`)).toBe(true)
      const unchecked = await fetch(`${gateway.url}/auth/oidc/elsewhere`, { redirect: 'manual' })
      expect(problemOf(unchecked.headers.get('location')!)).toBe(
        'The answer of Elsewhere could not be verified',
      )
      const unknown = await fetch(`${gateway.url}/auth/oidc/nowhere`, { redirect: 'manual' })
      expect(problemOf(unknown.headers.get('location')!)).toBe(
        'This sign-in provider is not configured',
      )
    } finally {
      kit.setDown(false)
      await gateway.stop()
    }
  })

  it('sso: a sign-in ends in the panel or on its sign-in page — when a person opens the editor, signs in with the provider on the sign-in page and writes a note, then the editor offers just the websites their groups allow, the note is theirs, and signing out ends the session', async () => {
    const writer = account({ groups: ['writers', 'readers'] })
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${firstSignIn.url}/admin#/editor`)
    await page.getByRole('link', { name: `Sign in with ${PROVIDER_NAME}` }).click()
    await page.getByLabel('Account email').fill(writer.email)
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor()
    expect(new URL(page.url()).hash).toBe('#/editor')

    const picker = page.getByLabel('Website', { exact: true })
    const offered = await picker
      .locator('option')
      .evaluateAll((options) => options.map((option) => option.getAttribute('value')))
    expect(offered.sort()).toEqual([mapped, alsoMapped].sort())
    await picker.selectOption(mapped)
    await page.getByLabel('New document of type').selectOption('note')
    await page.getByRole('button', { name: 'New document' }).click()
    await page.getByLabel(/^Title/).fill('Signed in through the provider')
    await page.getByRole('button', { name: 'Create draft' }).click()
    await page.getByRole('heading', { level: 1, name: 'Signed in through the provider' }).waitFor()
    const documentId = /#\/editor\/documents\/([^/?]+)/.exec(page.url())?.[1]
    const stored = await site.api('GET', `/api/content/${documentId}?draft=true`)
    expect(stored.status, stored.text).toBe(200)
    const session = await context.request.get(`${firstSignIn.url}/auth/session`)
    const person = (await session.json()).person as SessionPerson
    expect(person.email).toBe(writer.email)
    expect(JSON.stringify(stored.body)).toContain(person.id)

    await page.getByRole('button', { name: 'Sign out', exact: true }).click()
    await page.getByRole('link', { name: `Sign in with ${PROVIDER_NAME}` }).waitFor()
    expect((await context.request.get(`${firstSignIn.url}/auth/session`)).status()).toBe(401)
    await context.close()
  })
})
