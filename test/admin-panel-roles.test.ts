import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { chromium } from 'playwright-core'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminClient, apiClient, testEnv, waitFor } from '@cms/testkit'
import { ADMIN_UI_DIST } from '@cms/admin-ui'
import { buildAdminUi } from '../apps/admin-ui/build-admin-ui.ts'
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  collectBrowserErrors,
  ensureChromium,
  launchChromium,
  screenshotter,
} from './browser-kit.ts'
import { createTestPerson, signInIfAsked } from './people-kit.ts'
import type { TestPerson } from './people-kit.ts'

interface ListedKey {
  id: string
  prefix: string
  role: string
  types: string[] | null
  expiresAt: string | null
}

/** The panel shows instants in UTC to the minute: `2026-11-20 23:16 UTC`. */
const shownAt = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`

describe('admin panel: roles and keys in the browser', () => {
  let context: BrowserContext
  let userDataDir: string
  let gatewayUrl: string
  let operator: TestPerson
  let shoot: (page: Page, name: string) => Promise<Buffer>
  const browserErrors: string[] = []

  async function openSignedIn(): Promise<Page> {
    const page = await context.newPage()
    await page.setViewportSize({ width: 1280, height: 900 })
    collectBrowserErrors(page, browserErrors)
    await page.goto(`${gatewayUrl}/admin`)
    await signInIfAsked(page, operator)
    await page.getByRole('navigation', { name: 'Websites' }).waitFor()
    return page
  }

  async function createWebsite(page: Page, name: string): Promise<string> {
    await page.getByLabel('New website name').fill(name)
    await page.getByRole('button', { name: 'Create', exact: true }).click()
    await page.getByRole('heading', { level: 1, name }).waitFor()
    const websiteId = /#\/websites\/([^/]+)\//.exec(page.url())?.[1]
    if (!websiteId) throw new Error(`no website id in ${page.url()}`)
    return websiteId
  }

  const listKeys = async (websiteId: string): Promise<ListedKey[]> =>
    (await adminClient()('GET', `/admin/api/websites/${websiteId}/keys`)).body.docs

  /** The key table's row of the key with `prefix` (rotated keys share their name). */
  const keyRow = (page: Page, prefix: string): Locator =>
    page.getByRole('row').filter({ hasText: prefix })

  async function shownKey(page: Page): Promise<string> {
    await page.getByRole('region', { name: /Copy the new key/ }).waitFor()
    return page.getByLabel(/^API key \(/).inputValue()
  }

  beforeAll(async () => {
    ;({ gatewayUrl } = testEnv())
    operator = await createTestPerson({ operator: true })
    if (!existsSync(join(ADMIN_UI_DIST, 'index.html'))) await buildAdminUi()
    ensureChromium()
    shoot = await screenshotter('admin-panel')
    userDataDir = await mkdtemp(join(tmpdir(), 'cms-admin-roles-chromium-'))
    // The expiry field is the browser's local time: UTC here, so the test knows the instant.
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      timezoneId: 'UTC',
    })
  }, 600_000)

  afterAll(async () => {
    await context?.close()
    if (userDataDir) await rm(userDataDir, { recursive: true, force: true })
  })

  it('permissions: the panel manages roles and keys — when an operator creates a custom role, a key of it restricted to one type with an expiry, rotates the key and deletes roles, then the table shows role, types and status, the API serves and refuses the key as the role says, and a role a key holds is not deleted', async () => {
    const page = await openSignedIn()
    const websiteId = await createWebsite(page, `permissions-${randomUUID().slice(0, 8)}`)
    const seeded = await adminClient()('POST', `/admin/api/websites/${websiteId}/keys`, {
      body: { name: 'seeding', role: 'owner' },
    })
    const owner = apiClient(seeded.body.key as string, gatewayUrl)
    for (const name of ['event', 'article']) {
      const type = await owner('POST', '/api/content-types', {
        body: { name, slugField: 'title', fields: [{ name: 'title', type: 'text' }] },
      })
      expect(type.status).toBe(201)
    }

    // Roles tab: the built-in roles are listed and cannot change.
    await page.getByRole('link', { name: 'Roles', exact: true }).click()
    const ownerRow = page.getByRole('row', { name: /^owner/ })
    await ownerRow.waitFor()
    expect(await ownerRow.textContent()).toContain('built in')
    expect(await ownerRow.textContent()).toContain('manageKeys')
    expect(await page.getByRole('button', { name: 'Edit role owner' }).count()).toBe(0)

    // A custom role: read on every type, create on event only.
    await page.getByLabel('Role name').fill('partner')
    await page.getByLabel('Description').fill('Writes events')
    await page.getByLabel('read', { exact: true }).selectOption('all')
    await page.getByLabel('create', { exact: true }).selectOption('some')
    await page.getByRole('group', { name: 'create types' }).getByLabel('event').check()
    await page.getByRole('button', { name: 'Create role' }).click()
    await page.getByRole('status').getByText('Created role partner.').waitFor()
    const partnerRow = page.getByRole('row', { name: /^partner/ })
    await partnerRow.getByText('create: event').waitFor()
    expect(await partnerRow.textContent()).toContain('read: all types')
    const roles = async () =>
      (await adminClient()('GET', `/admin/api/websites/${websiteId}/roles`)).body.docs as {
        name: string
        permissions: unknown
      }[]
    expect((await roles()).find((role) => role.name === 'partner')?.permissions).toEqual({
      read: '*',
      create: ['event'],
    })

    // Its permissions are edited: update on event too.
    await page.getByRole('button', { name: 'Edit role partner' }).click()
    const editForm = page.getByRole('form', { name: 'Edit role “partner”' })
    expect(await editForm.getByLabel('create', { exact: true }).inputValue()).toBe('some')
    await editForm.getByLabel('update', { exact: true }).selectOption('some')
    await editForm.getByRole('group', { name: 'update types' }).getByLabel('event').check()
    await editForm.getByRole('button', { name: 'Save role' }).click()
    await page.getByRole('status').getByText('Saved role partner.').waitFor()
    await partnerRow.getByText('update: event').waitFor()
    expect((await roles()).find((role) => role.name === 'partner')?.permissions).toEqual({
      read: '*',
      create: ['event'],
      update: ['event'],
    })
    await shoot(page, '20-roles')

    // Keys tab: a key of the role, restricted to event, expiring in two days.
    const expiresAt = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 16)
    await page.getByRole('link', { name: 'API keys' }).click()
    await page.getByLabel('Name', { exact: true }).fill('partner-key')
    await page.getByLabel('Role', { exact: true }).selectOption('partner')
    await page
      .getByRole('group', { name: /^Content types/ })
      .getByLabel('event')
      .check()
    await page.getByLabel('Expires').fill(expiresAt)
    await page.getByRole('button', { name: 'Create key' }).click()
    const firstKey = await shownKey(page)
    await page.getByText('API key (partner · only event)').waitFor()
    await page.getByRole('button', { name: 'I have stored the key' }).click()

    const [listed] = (await listKeys(websiteId)).filter((key) => key.role === 'partner')
    expect(listed).toMatchObject({ types: ['event'], expiresAt: `${expiresAt}:00.000Z` })
    const firstRow = keyRow(page, listed!.prefix)
    const firstText = await firstRow.textContent()
    expect(firstText).toContain('partner')
    expect(firstText).toContain('only event')
    expect(firstText).toContain(`Expires ${shownAt(listed!.expiresAt!)}`)
    await shoot(page, '21-key-of-a-custom-role')

    // The API does what the role and the type restriction say, and no more.
    const partner = apiClient(firstKey, gatewayUrl)
    const event = await partner('POST', '/api/content', {
      body: { type: 'event', data: { title: 'Launch' } },
    })
    expect(event.status).toBe(201)
    expect(
      (await partner('PATCH', `/api/content/${event.body.id}`, { body: { data: { title: 'Go' } } }))
        .status,
    ).toBe(200)
    const article = await partner('POST', '/api/content', {
      body: { type: 'article', data: { title: 'Not mine' } },
    })
    expect(article.status).toBe(403)
    expect((await partner('DELETE', `/api/content/${event.body.id}`)).status).toBe(403)

    // Rotation: the new key is shown once, the old one keeps working for the grace asked.
    await firstRow.getByRole('button', { name: /^Rotate partner-key/ }).click()
    const rotate = page.getByRole('dialog', { name: 'Rotate “partner-key”?' })
    expect(await rotate.getByLabel('Grace period (minutes)').inputValue()).toBe('60')
    await rotate.getByLabel('Grace period (minutes)').fill('30')
    await shoot(page, '22-rotate-key')
    const asked = Date.now()
    await rotate.getByRole('button', { name: 'Rotate key' }).click()
    const secondKey = await shownKey(page)
    expect(secondKey).not.toBe(firstKey)
    const afterRotation = await listKeys(websiteId)
    const old = afterRotation.find((key) => key.id === listed!.id)!
    const graceEnd = new Date(old.expiresAt!).getTime()
    expect(graceEnd).toBeGreaterThanOrEqual(asked + 30 * 60_000 - 1000)
    expect(graceEnd).toBeLessThanOrEqual(Date.now() + 30 * 60_000 + 1000)
    await page
      .getByRole('region', { name: /Copy the new key/ })
      .getByText(`stops working at ${shownAt(old.expiresAt!)}`)
      .waitFor()
    await shoot(page, '23-rotated-key-shown-once')
    await page.getByRole('button', { name: 'I have stored the key' }).click()
    const second = afterRotation.find((key) => key.id !== listed!.id && key.role === 'partner')!
    expect(second).toMatchObject({ types: ['event'], expiresAt: listed!.expiresAt })
    await keyRow(page, old.prefix)
      .getByText(`Expires ${shownAt(old.expiresAt!)}`)
      .waitFor()
    await keyRow(page, second.prefix)
      .getByText(`Expires ${shownAt(listed!.expiresAt!)}`)
      .waitFor()
    for (const key of [firstKey, secondKey])
      expect((await apiClient(key, gatewayUrl)('GET', '/api/content?type=event')).status).toBe(200)

    // Rotated with no grace, the key it replaces is expired at once.
    await keyRow(page, second.prefix)
      .getByRole('button', { name: /^Rotate partner-key/ })
      .click()
    await rotate.getByLabel('Grace period (minutes)').fill('0')
    await rotate.getByRole('button', { name: 'Rotate key' }).click()
    await shownKey(page)
    await page.getByRole('button', { name: 'I have stored the key' }).click()
    await keyRow(page, second.prefix)
      .getByText(/^Expired /)
      .waitFor()
    expect(await keyRow(page, second.prefix).getByRole('button').count()).toBe(0)
    await waitFor(
      async () =>
        (await apiClient(secondKey, gatewayUrl)('GET', '/api/content?type=event')).status === 401
          ? true
          : undefined,
      { timeoutMs: 8000, intervalMs: 250, what: 'the rotated key to be refused' },
    )
    await shoot(page, '24-keys-after-rotation')

    // A role a live key holds is not deleted; the API's reason is shown.
    await page.getByRole('link', { name: 'Roles', exact: true }).click()
    await page.getByRole('button', { name: 'Delete role partner' }).click()
    const held = page.getByRole('dialog', { name: 'Delete role “partner”?' })
    await held.getByRole('button', { name: 'Delete role' }).click()
    await held
      .getByRole('alert')
      .getByText(/Role partner is held by 2 live key/)
      .waitFor()
    await shoot(page, '25-held-role-not-deleted')
    await held.getByRole('button', { name: 'Cancel' }).click()
    expect((await roles()).map((role) => role.name)).toContain('partner')

    // A role no key holds is deleted.
    await page.getByLabel('Role name').fill('reviewer')
    await page.getByLabel('readDrafts', { exact: true }).selectOption('all')
    await page.getByLabel('manageMedia').check()
    await page.getByRole('button', { name: 'Create role' }).click()
    await page
      .getByRole('row', { name: /^reviewer/ })
      .getByText('manageMedia')
      .waitFor()
    expect((await roles()).find((role) => role.name === 'reviewer')?.permissions).toEqual({
      readDrafts: '*',
      manageMedia: true,
    })
    await page.getByRole('button', { name: 'Delete role reviewer' }).click()
    await page
      .getByRole('dialog', { name: 'Delete role “reviewer”?' })
      .getByRole('button', { name: 'Delete role' })
      .click()
    await page.getByRole('status').getByText('Deleted role reviewer.').waitFor()
    await page.getByRole('row', { name: /^reviewer/ }).waitFor({ state: 'detached' })
    expect((await roles()).map((role) => role.name)).not.toContain('reviewer')
    await page.close()
  })

  it('when a person whose role may read drafts but not publish opens the editor, then its documents open; a person whose role may not read drafts is told what it lacks', async () => {
    const website = await adminClient()('POST', '/admin/api/websites', {
      body: { name: `editor-roles-${randomUUID().slice(0, 8)}` },
    })
    const personOf = (role: string) =>
      createTestPerson({ memberships: [{ websiteId: website.body.id as string, role }] })
    // Each person in a browser of their own (the panel's persistent context is the operator's).
    const browser = await launchChromium()
    const signedInAs = async (person: TestPerson) => {
      const own = await browser.newContext()
      const page = await own.newPage()
      collectBrowserErrors(page, browserErrors)
      await page.goto(`${gatewayUrl}/admin#/editor`)
      await signInIfAsked(page, person)
      return page
    }
    const viewer = await signedInAs(await personOf('viewer'))
    await viewer.getByRole('alert').waitFor()
    expect(await viewer.getByRole('alert').textContent()).toContain(
      'cannot read drafts (it needs the readDrafts permission)',
    )
    await viewer.context().close()
    const author = await signedInAs(await personOf('author'))
    await author.getByRole('heading', { level: 1, name: 'Documents' }).waitFor()
    await browser.close()
  })

  it('when every screen has been shown, then the browser reported no errors', () => {
    // Deleting a held role is answered 409, the viewer's draft read 403 and a signed-out page's
    // session check 401, which the browser logs as failed resources.
    expect(browserErrors.filter((text) => !/status of 40[139]/.test(text))).toEqual([])
  })
})
