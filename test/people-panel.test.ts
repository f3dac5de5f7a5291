import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { Secret, TOTP } from 'otpauth'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminClient, createTestWebsite, jsonClient, testEnv } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'
import { ADMIN_UI_DIST } from '@cms/admin-ui'
import { buildAdminUi } from '../apps/admin-ui/build-admin-ui.ts'
import {
  privateRedisPrefix,
  startGateway,
} from '../services/gateway/test/support/gateway-under-test.ts'
import { collectBrowserErrors, launchChromium, screenshotter } from './browser-kit.ts'
import { createTestPerson, signInIfAsked, signInWithPassword } from './people-kit.ts'
import type { TestPerson } from './people-kit.ts'

/** The code of an authenticator app `steps` 30-second steps from now. */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * 30_000,
  })

describe('people in the panel and the editor (browser)', () => {
  let browser: Browser
  let gatewayUrl: string
  let site: TestWebsite
  let siteName: string
  let shoot: (page: Page, name: string) => Promise<Buffer>
  const contexts: BrowserContext[] = []
  const browserErrors: string[] = []

  /** Console errors, and which request a 404 or 5xx answered (the console does not say). */
  function watch(page: Page): void {
    collectBrowserErrors(page, browserErrors)
    page.on('response', (response) => {
      if (response.status() === 404 || response.status() >= 500)
        browserErrors.push(`${response.status()} ${response.request().method()} ${response.url()}`)
    })
  }

  async function open(hash: string, context?: BrowserContext): Promise<Page> {
    const owner = context ?? (await browser.newContext())
    if (!context) contexts.push(owner)
    const page = await owner.newPage()
    await page.setViewportSize({ width: 1280, height: 900 })
    watch(page)
    await page.goto(`${gatewayUrl}/admin${hash}`)
    return page
  }

  /** A person signed in through the password form, in the editor on their website. */
  async function editorOf(person: TestPerson): Promise<Page> {
    const page = await open('#/editor')
    await signInIfAsked(page, person)
    await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor()
    return page
  }

  const asAdmin = adminClient()

  beforeAll(async () => {
    gatewayUrl = testEnv().gatewayUrl
    if (!existsSync(join(ADMIN_UI_DIST, 'index.html'))) await buildAdminUi()
    browser = await launchChromium()
    shoot = await screenshotter('people')
    site = await createTestWebsite()
    siteName = (await asAdmin('GET', `/admin/api/websites/${site.websiteId}`)).body.name as string
  }, 600_000)

  afterAll(async () => {
    for (const context of contexts) await context.close()
    await browser?.close()
  })

  it('people: an invitation opens the editor — when an operator invites a person as editor of a website and they open the link and choose a password, then they land in the editor on that website', async () => {
    const operator = await createTestPerson({ operator: true })
    const page = await open('#/')
    await signInWithPassword(page, operator)
    await page.getByRole('navigation', { name: 'Websites' }).waitFor()
    await page.getByRole('link', { name: 'People' }).click()
    await page.getByRole('heading', { level: 1, name: 'People' }).waitFor()
    await page.getByRole('row', { name: new RegExp(operator.email) }).waitFor()

    const email = `invited-${Date.now()}@example.com`
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByRole('button', { name: 'Add a website' }).click()
    const membership = page.getByRole('group', { name: 'Membership 1' })
    await membership.getByLabel('Website').selectOption({ label: siteName })
    // The website's roles have loaded once a role other than the default is offered.
    await membership
      .getByLabel('Role')
      .getByRole('option', { name: 'viewer', exact: true })
      .waitFor({ state: 'attached' })
    await membership.getByLabel('Role').selectOption('editor')
    await page.getByRole('button', { name: 'Create invitation' }).click()
    const linkField = page.getByLabel('Invitation link')
    await linkField.waitFor()
    const link = await linkField.inputValue()
    expect(link).toMatch(/\/admin#\/invitation\/\S+$/)
    await shoot(page, '01-invitation-link')
    await page.getByRole('button', { name: 'I have stored it' }).click()
    await expect.poll(() => linkField.count()).toBe(0)

    const invitee = await browser.newContext()
    contexts.push(invitee)
    const joining = await invitee.newPage()
    watch(joining)
    await joining.goto(link)
    await joining.getByText(`You are invited as ${email}`).waitFor()
    await joining.getByLabel('Your name').fill('Grace Hopper')
    await joining.getByLabel('Password', { exact: true }).fill('a long password of grace')
    await shoot(joining, '02-invitation-accept')
    await joining.getByRole('button', { name: 'Accept the invitation' }).click()
    await joining.getByRole('heading', { level: 1, name: 'Documents' }).waitFor()
    expect(new URL(joining.url()).hash).toBe('#/editor')
    expect(await joining.getByLabel('Website', { exact: true }).inputValue()).toBe(site.websiteId)
    await shoot(joining, '03-invitee-in-editor')

    const people = (await asAdmin('GET', '/admin/api/people')).body.docs as {
      email: string
      name: string
      memberships: unknown[]
    }[]
    expect(people.find((person) => person.email === email)).toMatchObject({
      name: 'Grace Hopper',
      memberships: [{ websiteId: site.websiteId, role: 'editor', types: null }],
    })
    await page.reload()
    await page.getByRole('row', { name: new RegExp(email) }).waitFor()
  })

  it('people: a disabled person is signed out within 3 s — when an operator disables a person whose page is open, then their next action in that page shows the sign-in page within 3 s', async () => {
    const person = await createTestPerson({
      memberships: [{ websiteId: site.websiteId, role: 'editor' }],
    })
    const page = await editorOf(person)
    const disabled = await asAdmin('PATCH', `/admin/api/people/${person.id}`, {
      body: { disabled: true },
    })
    expect(disabled.status).toBe(200)
    const from = Date.now()
    await page.getByRole('link', { name: 'Media' }).click()
    await page.getByLabel('Email', { exact: true }).waitFor({ timeout: 3_000 })
    const elapsed = Date.now() - from
    console.log(`disabled person's open page at the sign-in page ${elapsed} ms after the disable`)
    expect(elapsed).toBeLessThan(3_000)
    await page.getByText('Your session has ended. Sign in again.').waitFor()
    expect(new URL(page.url()).hash).toMatch(/^#\/sign-in/)
    await shoot(page, '04-disabled-signed-out')

    await signInWithPassword(page, person)
    await page.getByRole('alert').waitFor()
    expect(await page.getByRole('navigation', { name: 'Places' }).count()).toBe(0)
  })

  it('people: session writes need the CSRF token — when a page of another origin makes the signed-in browser post to the gateway, and when a fetch carries the cookie but no x-csrf-token, then both are 403 and nothing changes', async () => {
    const victim = await createTestPerson({ operator: true })
    const page = await open('#/')
    await signInWithPassword(page, victim)
    await page.getByRole('navigation', { name: 'Websites' }).waitFor()
    const context = page.context()
    const sessionStatus = async () =>
      (await context.request.get(`${gatewayUrl}/auth/session`)).status()
    expect(await sessionStatus()).toBe(200)

    const evilName = `csrf-${Date.now()}`
    const attacker = await attackerPage(gatewayUrl, evilName)
    try {
      const attackerOrigin = new URL(attacker.url).origin
      expect(attackerOrigin).not.toBe(new URL(gatewayUrl).origin)
      // Not watched: its console is the attacker's page and the gateway's JSON (no favicon).
      const evil = await context.newPage()
      const refused = evil.waitForResponse(
        (response) => response.url() === `${gatewayUrl}/auth/sign-out-everywhere`,
      )
      await evil.goto(attacker.url)
      expect((await refused).status()).toBe(403)
      const websiteForm = await attacker.posted('/admin/api/websites', context)
      expect(websiteForm).toBe(403)
      await evil.close()
    } finally {
      await attacker.close()
    }
    expect(await sessionStatus()).toBe(200)
    const websites = (await asAdmin('GET', '/admin/api/websites')).body.docs as { name: string }[]
    expect(websites.map((website) => website.name)).not.toContain(evilName)

    const withoutToken = await page.evaluate(async (name) => {
      const signOut = await fetch('/auth/sign-out-everywhere', { method: 'POST' })
      const create = await fetch('/admin/api/websites', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      })
      return [signOut.status, create.status]
    }, evilName)
    expect(withoutToken).toEqual([403, 403])
    expect(await sessionStatus()).toBe(200)
    const after = (await asAdmin('GET', '/admin/api/websites')).body.docs as { name: string }[]
    expect(after.map((website) => website.name)).not.toContain(evilName)
    await page.reload()
    await page.getByRole('navigation', { name: 'Websites' }).waitFor()
  })

  it('people: password sign-in asks for the TOTP code — when a person sets up a second factor in the Account view, then signing in again asks for the authentication code and takes a code of that secret, and a code removes it', async () => {
    const person = await createTestPerson({
      memberships: [{ websiteId: site.websiteId, role: 'author' }],
    })
    const page = await editorOf(person)
    await page.getByRole('link', { name: 'Account' }).click()
    await page.getByRole('button', { name: 'Set up a second factor' }).click()
    const secret = (await page.locator('#totp-secret').textContent()) ?? ''
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
    expect(await page.locator('#totp-uri').textContent()).toMatch(
      new RegExp(`^otpauth://totp/.*secret=${secret}`),
    )
    await shoot(page, '05-totp-secret')
    await page.getByLabel('Authentication code').fill(codeOf(secret))
    await page.getByRole('button', { name: 'Turn on the second factor' }).click()
    await page.getByText('A second factor is set up').waitFor()
    expect((await asAdmin('GET', `/admin/api/people/${person.id}`)).body.totp).toBe(true)

    await page.getByRole('button', { name: 'Sign out', exact: true }).click()
    await page.getByText('You are signed out.').waitFor()
    await signInWithPassword(page, person)
    const code = page.getByLabel('Authentication code')
    await code.waitFor()
    await page.getByRole('alert').waitFor()
    expect(await page.getByRole('navigation', { name: 'Places' }).count()).toBe(0)
    await shoot(page, '06-totp-asked')
    // The enrolment's code is taken once; the next step's is within the accepted window.
    await code.fill(codeOf(secret, 1))
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    // Back where the person signed out.
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor()
    await page.getByText('A second factor is set up').waitFor()
    // Removed with a code not used yet (the previous step's, also within the window).
    await page.getByLabel('Authentication code').fill(codeOf(secret, -1))
    await page.getByRole('button', { name: 'Remove the second factor' }).click()
    await page.getByText('No second factor yet').waitFor()
    expect((await asAdmin('GET', `/admin/api/people/${person.id}`)).body.totp).toBe(false)
    await page.getByRole('link', { name: 'Editor' }).click()
    await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor()
    expect(await page.getByLabel('Website', { exact: true }).inputValue()).toBe(site.websiteId)
  })

  it('when an operator edits a person in the People tab, then roles, a reset link, disable, enable and remove each reach the API, and the reset link sets a password the person signs in with', async () => {
    const operator = await createTestPerson({ operator: true })
    const target = await createTestPerson({
      memberships: [{ websiteId: site.websiteId, role: 'viewer' }],
    })
    const page = await open('#/people')
    await signInIfAsked(page, operator)
    const row = page.getByRole('row', { name: new RegExp(target.email) })
    await row.waitFor()
    const personOf = async () => asAdmin('GET', `/admin/api/people/${target.id}`)

    await row.getByRole('button', { name: `Edit roles ${target.email}` }).click()
    const roles = page.getByRole('dialog', { name: `Roles of ${target.name}` })
    const role = roles.getByRole('group', { name: 'Membership 1' }).getByLabel('Role')
    await role.getByRole('option', { name: 'author', exact: true }).waitFor({ state: 'attached' })
    await role.selectOption('author')
    await roles.getByRole('button', { name: 'Save roles' }).click()
    await roles.waitFor({ state: 'detached' })
    expect((await personOf()).body.memberships).toEqual([
      { websiteId: site.websiteId, role: 'author', types: null },
    ])
    await row.getByText(`${siteName}: author`).waitFor()

    await row.getByRole('button', { name: `Reset link ${target.email}` }).click()
    const link = await page.getByLabel('Password reset link').inputValue()
    expect(link).toMatch(/\/admin#\/reset\/\S+$/)
    await shoot(page, '07-people-reset-link')
    await page.getByRole('button', { name: 'I have stored it' }).click()
    const resetting = await open('')
    await resetting.goto(link)
    const newPassword = `${target.password} renewed`
    await resetting.getByLabel('New password').fill(newPassword)
    await resetting.getByRole('button', { name: 'Set the password' }).click()
    await resetting.getByRole('link', { name: 'Sign in' }).click()
    await signInWithPassword(resetting, { email: target.email, password: newPassword })
    await resetting.getByRole('heading', { level: 1, name: 'Documents' }).waitFor()

    await row.getByRole('button', { name: `Disable ${target.email}` }).click()
    await page
      .getByRole('dialog', { name: `Disable ${target.name}?` })
      .getByRole('button', { name: 'Disable', exact: true })
      .click()
    await row.getByRole('cell', { name: 'Disabled', exact: true }).waitFor()
    expect((await personOf()).body.disabled).toBe(true)
    await row.getByRole('button', { name: `Enable ${target.email}` }).click()
    await row.getByRole('cell', { name: 'Active', exact: true }).waitFor()
    expect((await personOf()).body.disabled).toBe(false)

    await row.getByRole('button', { name: `Remove ${target.email}` }).click()
    await page
      .getByRole('dialog', { name: `Remove ${target.name}?` })
      .getByRole('button', { name: 'Remove', exact: true })
      .click()
    await row.waitFor({ state: 'detached' })
    expect((await personOf()).status).toBe(404)
  })

  it('when a person creates a personal token in the Account view, then it is shown once and works until revoked; sign out everywhere ends their other sessions; a provider problem shows on the sign-in page', async () => {
    const person = await createTestPerson({
      memberships: [{ websiteId: site.websiteId, role: 'editor' }],
    })
    const page = await editorOf(person)
    const elsewhere = await editorOf(person)
    await page.getByRole('link', { name: 'Account' }).click()
    await page.getByLabel('Token name').fill('deploy script')
    await page.getByRole('button', { name: 'Create token' }).click()
    const token = await page.getByLabel('Personal access token', { exact: true }).inputValue()
    expect(token).toMatch(/^cmsu_/)
    const readWith = async () =>
      (
        await fetch(`${gatewayUrl}/api/content?limit=1`, {
          headers: { authorization: `Bearer ${token}`, 'x-cms-website': site.websiteId },
        })
      ).status
    expect(await readWith()).toBe(200)
    await page.getByRole('button', { name: 'I have stored it' }).click()
    await shoot(page, '08-account-tokens')
    const tokenRow = page.getByRole('row', { name: /deploy script/ })
    await tokenRow.getByRole('button', { name: 'Revoke deploy script' }).click()
    await page
      .getByRole('dialog', { name: 'Revoke “deploy script”?' })
      .getByRole('button', { name: 'Revoke token' })
      .click()
    await tokenRow.waitFor({ state: 'detached' })
    expect(await readWith()).toBe(401)

    await page.getByRole('button', { name: 'Sign out everywhere' }).click()
    await page.getByText('You are signed out on every device.').waitFor()
    expect((await elsewhere.context().request.get(`${gatewayUrl}/auth/session`)).status()).toBe(401)

    const problem = await open('#/sign-in?problem=The%20provider%20refused%20the%20sign-in')
    await problem.getByRole('alert').getByText('The provider refused the sign-in').waitFor()
    await problem.getByLabel('Email', { exact: true }).waitFor()
  })

  it('when no operator exists yet, then the sign-in page says a link was printed, and that link creates the first operator, signed in to the websites panel', async () => {
    // A gateway of its own database and Redis prefix: an installation without people.
    const fresh = await startGateway({
      MONGO_DB: `cms_people_${randomUUID().slice(0, 8)}`,
      REDIS_PREFIX: privateRedisPrefix(),
    })
    try {
      const first = await browser.newContext()
      contexts.push(first)
      const page = await first.newPage()
      watch(page)
      await page.goto(`${fresh.url}/admin`)
      await page.getByText('No operator exists yet.').waitFor()
      await shoot(page, '09-bootstrap-note')
      const created = await jsonClient(fresh.url, {
        authorization: `Bearer ${testEnv().adminToken}`,
      })('POST', '/admin/api/first-operator-link')
      expect(created.status).toBe(201)
      const link = created.body.link as string
      expect(link).toMatch(/\/admin#\/bootstrap\/\S+$/)
      await page.goto(link)
      await page.getByLabel('Email', { exact: true }).fill('first@example.com')
      await page.getByLabel('Name', { exact: true }).fill('First Operator')
      await page.getByLabel('Password', { exact: true }).fill('the first long password')
      await page.getByRole('button', { name: 'Create the operator' }).click()
      await page.getByRole('navigation', { name: 'Websites' }).waitFor()
      await page.getByRole('link', { name: 'People' }).click()
      await page.getByRole('row', { name: /first@example.com/ }).waitFor()
      await page.goto(link)
      await page.getByRole('navigation', { name: 'Websites' }).waitFor({ state: 'detached' })
      await page.getByLabel('Email', { exact: true }).fill('second@example.com')
      await page.getByLabel('Name', { exact: true }).fill('Second Operator')
      await page.getByLabel('Password', { exact: true }).fill('the second long password')
      await page.getByRole('button', { name: 'Create the operator' }).click()
      await page.getByRole('alert').getByText('An operator exists already').waitFor()
    } finally {
      await fresh.stop()
    }
  })

  it('when every screen has been shown, then the browser reported no errors but the refusals the tests caused', () => {
    // 401 (signed out, a wrong password, a code still needed), 403 (the CSRF refusals) and 409
    // (a second bootstrap) are logged by the browser as failed resources: expected.
    const unexpected = browserErrors.filter((text) => !/status of 40[139]/.test(text))
    expect(unexpected).toEqual([])
  })
})

/**
 * A page on another origin (127.0.0.1, another port: the same site, so a `SameSite=Lax` cookie
 * goes with its form posts) whose form posts at once to sign the visitor out everywhere.
 * `posted(path)` has another page of it post a form of `name` to `path` and answers the status.
 */
async function attackerPage(gatewayUrl: string, name: string) {
  const server: Server = createServer((request, response) => {
    const target = new URL(request.url ?? '/', 'http://attacker').searchParams.get('to')
    const action = `${gatewayUrl}${target ?? '/auth/sign-out-everywhere'}`
    response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html>
<form method="post" action="${action}"><input name="name" value="${name}"></form>
<script>document.forms[0].submit()</script>`)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}/`
  return {
    url,
    async posted(path: string, context: BrowserContext): Promise<number> {
      const page = await context.newPage()
      const answer = page.waitForResponse((response) => response.url() === `${gatewayUrl}${path}`)
      await page.goto(`${url}?to=${encodeURIComponent(path)}`)
      const status = (await answer).status()
      await page.close()
      return status
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
