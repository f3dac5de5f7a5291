import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonClient, testEnv } from '@cms/testkit'
import { buildAdminUi } from '../apps/admin-ui/build-admin-ui.ts'
import {
  collectBrowserErrors,
  launchChromium,
  screenshotter,
  sidewaysOverflow,
} from './browser-kit.ts'
import { contentSite } from './content-fixtures.ts'
import type { ContentSite } from './content-fixtures.ts'
import { createTestPerson, signInIfAsked } from './people-kit.ts'
import type { TestPerson } from './people-kit.ts'

describe('the audit log in the editor and the panel (browser)', () => {
  let browser: Browser
  let gatewayUrl: string
  let site: ContentSite
  let shoot: (page: Page, name: string) => Promise<Buffer>
  const browserErrors: string[] = []
  /** The statuses of each page's `GET /api/audit/head`: how the editor learns of readAudit. */
  const auditProbes = new WeakMap<Page, number[]>()

  /** A fresh browser context at `/admin<hash>`, signed in as `person`. */
  async function openAs(person: TestPerson, hash: string): Promise<Page> {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.setViewportSize({ width: 1280, height: 900 })
    collectBrowserErrors(page, browserErrors)
    const probes: number[] = []
    auditProbes.set(page, probes)
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/audit/head') probes.push(response.status())
    })
    await page.goto(`${gatewayUrl}/admin${hash}`)
    await signInIfAsked(page, person)
    return page
  }

  const editorNav = (page: Page) => page.getByRole('navigation', { name: 'Editor' })
  /** Waits until the editor has asked whether the person may read the log, and was refused. */
  const refusedAudit = (page: Page) => expect.poll(() => auditProbes.get(page)).toContain(403)

  beforeAll(async () => {
    gatewayUrl = testEnv().gatewayUrl
    await buildAdminUi()
    browser = await launchChromium()
    shoot = await screenshotter('audit')
    site = await contentSite()
  }, 600_000)

  afterAll(async () => {
    await browser?.close()
  })

  it("a document's activity in the editor — when an owner edits a document in the editor, then its Activity lists document.update by the person's name, and the website's Activity filters by action, actor and time, both fitting a 375 px screen", async () => {
    const article = await site.createArticle({ title: 'Harbour notes' })
    const owner = await createTestPerson({
      name: 'Ada Auditwell',
      memberships: [{ websiteId: site.websiteId, role: 'owner' }],
    })
    const page = await openAs(owner, `#/editor/documents/${article.id}`)
    await page.getByLabel(/^title/i).fill('Harbour notes, revised')
    await page.locator('.save-status').getByText('All changes saved').waitFor({ timeout: 15_000 })

    await page.getByRole('link', { name: 'Activity', exact: true }).last().click()
    await page.getByRole('heading', { level: 1, name: /^Activity of/ }).waitFor()
    expect(new URL(page.url()).hash).toBe(`#/editor/documents/${article.id}/activity`)
    const activity = page.getByRole('region', { name: 'Document activity' })
    const edit = activity.getByRole('row', { name: /document\.update/ })
    await edit.first().waitFor({ timeout: 15_000 })
    await expect
      .poll(() => edit.first().getByRole('cell').allTextContents())
      .toEqual([
        expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/),
        'Ada Auditwell',
        expect.stringContaining('document.update'),
        'success',
      ])
    // The admin key created it: the document's own entries only, newest first.
    const rows = await activity.locator('tbody tr').allTextContents()
    expect(rows.at(-1)).toMatch(/Key “admin key”.*document\.create/)
    expect(rows.every((row) => /document\./.test(row))).toBe(true)
    await shoot(page, '01-document-activity')

    await editorNav(page).getByRole('link', { name: 'Activity' }).click()
    await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor()
    const website = page.getByRole('region', { name: 'Activity' })
    await website
      .getByRole('row', { name: /key\.create/ })
      .first()
      .waitFor()
    await page.getByLabel('Action', { exact: true }).fill('document.update')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect
      .poll(() => website.locator('tbody tr').allTextContents())
      .toEqual([expect.stringContaining('Ada Auditwell')])
    expect(new URL(page.url()).hash).toBe('#/editor/activity?action=document.update')
    await page.getByRole('button', { name: 'Clear' }).click()
    await website
      .getByRole('row', { name: /key\.create/ })
      .first()
      .waitFor()
    // The person's name is a link to the same view filtered to them.
    await website.getByRole('link', { name: 'Ada Auditwell' }).first().click()
    await expect.poll(() => page.getByLabel('Actor id').inputValue()).toBe(owner.id)
    await expect
      .poll(async () => {
        const theirs = await website.locator('tbody tr').allTextContents()
        return theirs.length > 0 && theirs.every((row) => row.includes('Ada Auditwell'))
      })
      .toBe(true)
    await shoot(page, '02-website-activity')
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 16)
    await page.getByLabel('From (UTC)').fill(tomorrow)
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.getByRole('status').getByText('No activity matches.').waitFor()
    // The Activity links leave the editor usable on a phone.
    await page.setViewportSize({ width: 375, height: 800 })
    await page.getByRole('button', { name: 'Clear' }).click()
    await website.getByRole('row').first().waitFor()
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0)
    await page.goto(`${gatewayUrl}/admin#/editor/documents/${article.id}`)
    await page.getByRole('link', { name: 'History' }).waitFor()
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0)
    await page.context().close()
  })

  it('the activity only for a role with readAudit — when a viewer and an editor open the editor, then neither has an Activity link, and the editor asking for the page reads why in a sentence', async () => {
    const viewer = await createTestPerson({
      memberships: [{ websiteId: site.websiteId, role: 'viewer' }],
    })
    const asViewer = await openAs(viewer, '#/editor')
    await asViewer
      .getByRole('alert')
      .getByText(/cannot read drafts/)
      .waitFor()
    await refusedAudit(asViewer)
    expect(await editorNav(asViewer).getByRole('link').allTextContents()).toEqual([
      'Documents',
      'Content types',
      'Media',
      'Webhooks',
    ])
    await asViewer.context().close()

    const article = await site.createArticle({ title: 'Quiet page' })
    const editor = await createTestPerson({
      memberships: [{ websiteId: site.websiteId, role: 'editor' }],
    })
    const asEditor = await openAs(editor, `#/editor/documents/${article.id}`)
    await asEditor.getByRole('link', { name: 'History' }).waitFor()
    await refusedAudit(asEditor)
    expect(await asEditor.getByRole('link', { name: 'Activity' }).count()).toBe(0)
    await asEditor.goto(`${gatewayUrl}/admin#/editor/activity`)
    await asEditor
      .getByRole('alert')
      .getByText(
        "Your role on this website cannot see its activity (it needs the readAudit permission): ask an operator or the website's owner.",
      )
      .waitFor()
    expect(await asEditor.getByRole('region', { name: 'Activity' }).count()).toBe(0)
    await shoot(asEditor, '03-activity-refused')
    await asEditor.context().close()
  })

  it("the platform's activity in the panel — when someone signs in with a wrong password, then the operator sees the refused sign-in in Platform activity, and a website's chain in its Activity tab, 20 a page, fitting a 375 px screen", async () => {
    const person = await createTestPerson()
    const refusedAt = Date.now()
    const refused = await jsonClient(gatewayUrl, {})('POST', '/auth/password', {
      body: { email: person.email, password: 'not the password' },
    })
    expect(refused.status).toBe(401)
    // Other test files sign people in meanwhile: the seconds around the refusal narrow the list.
    const second = (ms: number) => new Date(ms).toISOString().slice(0, 19)
    const around = `from=${second(refusedAt - 1000)}&to=${second(Date.now() + 2000)}`
    const operator = await createTestPerson({ operator: true, name: 'Olga Operator' })
    const page = await openAs(operator, '#/')
    await page
      .getByRole('navigation', { name: 'Places' })
      .getByRole('link', { name: 'Activity' })
      .click()
    await page.getByRole('heading', { level: 1, name: 'Platform activity' }).waitFor()
    const platform = page.getByRole('region', { name: 'Platform activity' })
    // The operator's own sign-in is the newest entry.
    await platform
      .getByRole('row', { name: /Olga Operator.*person\.sign-in/ })
      .first()
      .waitFor()
    await page.getByLabel('Action', { exact: true }).fill('person.sign-in')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect.poll(() => new URL(page.url()).hash).toBe('#/activity?action=person.sign-in')
    await page.goto(`${gatewayUrl}/admin#/activity?action=person.sign-in&${around}`)
    const failure = platform.getByRole('row', { name: new RegExp(person.email) })
    await failure.waitFor()
    expect(await failure.getByRole('cell').allTextContents()).toEqual([
      expect.stringMatching(/UTC$/),
      'Not signed in',
      'person.sign-in',
      expect.stringContaining(person.email),
      'failure',
    ])
    await shoot(page, '04-platform-activity')

    const keys = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        site.api('POST', '/api/keys', { body: { name: `reader ${n}`, role: 'viewer' } }),
      ),
    )
    expect(keys.map((key) => key.status)).toEqual(keys.map(() => 201))
    const created = await site.api('GET', '/api/audit?action=key.create&limit=1')
    const total = created.body.totalDocs as number
    await page.goto(`${gatewayUrl}/admin#/websites/${site.websiteId}/activity?action=key.create`)
    const chain = page.getByRole('region', { name: 'Website activity' })
    await chain
      .getByRole('row', { name: /Key “admin key”.*key\.create/ })
      .first()
      .waitFor()
    expect(await chain.locator('tbody tr').count()).toBe(20)
    await page.getByText(`Page 1 of 2 (${total} in total)`).waitFor()
    await shoot(page, '05-website-chain')
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByText(`Page 2 of 2 (${total} in total)`).waitFor()
    await expect.poll(() => chain.locator('tbody tr').count()).toBe(total - 20)
    expect(new URL(page.url()).hash).toBe(
      `#/websites/${site.websiteId}/activity?action=key.create&page=2`,
    )
    // The admin token made the website's first keys: the oldest entries, on the last page.
    await chain
      .getByRole('row', { name: /admin token \(operator\).*key\.create/ })
      .first()
      .waitFor()
    await page.setViewportSize({ width: 375, height: 800 })
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0)
    await page.goto(`${gatewayUrl}/admin#/activity`)
    await page.getByRole('heading', { level: 1, name: 'Platform activity' }).waitFor()
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0)
    await shoot(page, '06-platform-activity-narrow')
    await page.context().close()
  }, 180_000)

  it('when every screen has been shown, then the browser reported no errors but the refusals the tests caused', () => {
    // The viewer's draft read and the editor's audit reads are answered 403, a wrong password 401.
    expect(browserErrors.filter((text) => !/status of 40[13]/.test(text))).toEqual([])
  })
})
