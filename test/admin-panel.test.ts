import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { chromium } from 'playwright-core'
import sharp from 'sharp'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminClient, apiClient, testEnv, waitFor } from '@cms/testkit'
import { REPO_ROOT } from '@cms/stack'
import { ADMIN_UI_DIST } from '@cms/admin-ui'
import { buildAdminUi } from '../apps/admin-ui/build-admin-ui.ts'
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  collectBrowserErrors,
  ensureChromium,
  webhookReceiver,
} from './browser-kit.ts'
import { createTestPerson, signInIfAsked, signInWithPassword } from './people-kit.ts'
import type { TestPerson } from './people-kit.ts'

const SCREENSHOTS = join(REPO_ROOT, 'test-output', 'admin-panel')

describe('admin panel in the browser', () => {
  let context: BrowserContext
  let userDataDir: string
  let gatewayUrl: string
  let operator: TestPerson
  /** Console errors and page errors, e.g. anything the Content-Security-Policy refused. */
  const browserErrors: string[] = []

  const shoot = (page: Page, name: string) =>
    page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })

  async function openPanel(width = 1280): Promise<Page> {
    const page = await context.newPage()
    await page.setViewportSize({ width, height: 860 })
    collectBrowserErrors(page, browserErrors)
    const response = await page.goto(`${gatewayUrl}/admin`)
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
    return page
  }

  /** The session is the context's cookie: only a context's first page meets the form. */
  async function signIn(page: Page): Promise<void> {
    await signInIfAsked(page, operator)
    await page.getByRole('navigation', { name: 'Websites' }).waitFor()
  }

  async function createWebsite(page: Page, name: string): Promise<string> {
    await page.getByLabel('New website name').fill(name)
    await page.getByRole('button', { name: 'Create', exact: true }).click()
    await page.getByRole('heading', { level: 1, name }).waitFor()
    const websiteId = /#\/websites\/([^/]+)\//.exec(page.url())?.[1]
    if (!websiteId) throw new Error(`no website id in ${page.url()}`)
    return websiteId
  }

  beforeAll(async () => {
    ;({ gatewayUrl } = testEnv())
    operator = await createTestPerson({ operator: true })
    if (!existsSync(join(ADMIN_UI_DIST, 'index.html'))) await buildAdminUi()
    ensureChromium()
    await mkdir(SCREENSHOTS, { recursive: true })
    userDataDir = await mkdtemp(join(tmpdir(), 'cms-admin-panel-chromium-'))
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      permissions: ['clipboard-read', 'clipboard-write'],
    })
  }, 600_000)

  afterAll(async () => {
    await context?.close()
    if (userDataDir) await rm(userDataDir, { recursive: true, force: true })
  })

  it('admin: the panel signs in as a person — when the password is wrong, then a clear message says so and nothing is shown', async () => {
    const page = await openPanel()
    await signInWithPassword(page, { email: operator.email, password: `wrong-${randomUUID()}` })
    const alert = page.getByRole('alert')
    await alert.waitFor()
    expect(await alert.textContent()).toMatch(/email or password/i)
    expect(await page.getByRole('navigation', { name: 'Websites' }).count()).toBe(0)
    expect(await page.evaluate('sessionStorage.length + localStorage.length')).toBe(0)
    await shoot(page, '01-wrong-token')
    await page.close()
  })

  it('admin: the panel is a web page at /admin; admin: keys are created, listed and revoked — when an operator creates a key, copies and uses it, then revokes it, then the API refuses it', async () => {
    const page = await openPanel()
    // Keyboard only: the email field is the first stop, Tab reaches the password, Enter submits.
    await page.getByLabel('Email', { exact: true }).waitFor()
    await page.keyboard.press('Tab')
    expect(await page.evaluate('document.activeElement && document.activeElement.id')).toBe(
      'sign-in-email',
    )
    await page.keyboard.type(operator.email)
    await page.keyboard.press('Tab')
    await page.keyboard.type(operator.password)
    await shoot(page, '02-sign-in-keyboard-focus')
    await page.keyboard.press('Enter')
    await page.getByRole('navigation', { name: 'Websites' }).waitFor()
    expect(page.url()).not.toContain(operator.password)
    // Nothing secret is kept in the page: only the flag /docs reads (the session is a cookie).
    expect(await page.evaluate('[Object.keys(sessionStorage), localStorage.length]')).toEqual([
      ['cms-panel-operator'],
      0,
    ])
    expect(await page.evaluate('document.cookie')).toBe('')
    await shoot(page, '03-signed-in')

    const websiteName = `panel-${randomUUID().slice(0, 8)}`
    const websiteId = await createWebsite(page, websiteName)
    await shoot(page, '04-website-created')

    await page.getByLabel('Name', { exact: true }).fill('storefront')
    await page.getByLabel('Role').selectOption('viewer')
    await page.getByLabel('Requests per minute').fill('600')
    await page.getByRole('button', { name: 'Create key' }).click()
    const notice = page.getByRole('region', { name: /Copy the new key/ })
    await notice.waitFor()
    expect(await notice.textContent()).toContain('You will not see this key again')
    const shown = await page.getByLabel(/^API key \(/).inputValue()
    expect(shown).toMatch(/^cms_[A-Za-z0-9_-]{43}$/)
    await page.getByRole('button', { name: 'Copy' }).click()
    await page.getByText('Copied to the clipboard.').waitFor()
    const copied = await page.evaluate<string>('navigator.clipboard.readText()')
    expect(copied).toBe(shown)
    await shoot(page, '05-new-key-shown-once')

    const api = apiClient(copied, gatewayUrl)
    expect((await api('GET', '/api/content-types')).status).toBe(200)

    await page.getByRole('button', { name: 'I have stored the key' }).click()
    expect(await page.getByLabel(/^API key \(/).count()).toBe(0)
    const row = page.getByRole('row', { name: /storefront/ })
    expect(await row.textContent()).toContain(copied.slice(0, 12))
    expect(await row.textContent()).toContain('600/min')
    await shoot(page, '06-key-listed')

    await row.getByRole('button', { name: /^Revoke storefront/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Revoke “storefront”?' })
    await dialog.waitFor()
    await shoot(page, '07-revoke-confirmation')
    await dialog.getByRole('button', { name: 'Revoke key' }).click()
    await row.getByText(/^Revoked/).waitFor()
    await shoot(page, '08-key-revoked')

    // Revocation reaches every gateway instance within 5 seconds.
    await waitFor(
      async () => ((await api('GET', '/api/content-types')).status === 401 ? true : undefined),
      {
        timeoutMs: 8000,
        intervalMs: 250,
        what: 'the revoked key to be refused',
      },
    )

    await page.getByRole('button', { name: 'Rename' }).click()
    await page.getByLabel('Website name', { exact: true }).fill(`${websiteName}-renamed`)
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByRole('heading', { level: 1, name: `${websiteName}-renamed` }).waitFor()
    await page.getByRole('link', { name: `${websiteName}-renamed` }).waitFor()

    await page.getByRole('button', { name: 'Delete website' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete website' }).click()
    await page.getByRole('heading', { level: 1, name: 'Websites' }).waitFor()
    // The list can show its previous rows until its reload answers; a kept row would stay.
    await page
      .getByRole('link', { name: `${websiteName}-renamed` })
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => undefined)
    expect(await page.getByRole('link', { name: `${websiteName}-renamed` }).count()).toBe(0)
    expect((await adminClient()('GET', `/admin/api/websites/${websiteId}`)).status).toBe(404)
    await page.close()
  })

  it('when a website holds content and webhooks, then the read-only views show them', async () => {
    const receiver = await webhookReceiver()
    try {
      const page = await openPanel()
      await signIn(page)
      const websiteId = await createWebsite(page, `content-${randomUUID().slice(0, 8)}`)
      const seeded = await adminClient()('POST', `/admin/api/websites/${websiteId}/keys`, {
        body: { name: 'seeding', scope: 'admin' },
      })
      const api = apiClient(seeded.body.key as string, gatewayUrl)
      const hook = await api('POST', '/api/webhooks', {
        body: { name: 'search index', url: receiver.url },
      })
      expect(hook.status).toBe(201)
      const type = await api('POST', '/api/content-types', {
        body: {
          name: 'article',
          label: 'Article',
          slugField: 'title',
          fields: [
            { name: 'title', type: 'text', required: true },
            { name: 'body', type: 'richText' },
            { name: 'related', type: 'relation', target: 'article', many: true },
          ],
        },
      })
      expect(type.status).toBe(201)
      const published = await api('POST', '/api/content', {
        body: { type: 'article', data: { title: 'Hello panel' } },
      })
      expect(published.status).toBe(201)
      expect((await api('POST', `/api/content/${published.body.id}/publish`)).status).toBe(200)
      expect(
        (
          await api('POST', '/api/content', {
            body: { type: 'article', data: { title: 'Still a draft' } },
          })
        ).status,
      ).toBe(201)

      await page.getByRole('link', { name: 'Content types' }).click()
      await page.getByRole('row', { name: /article/ }).waitFor()
      const articleRow = await page.getByRole('row', { name: /article/ }).textContent()
      expect(articleRow).toContain('title (text, required)')
      expect(articleRow).toContain('related (relation to article, many)')
      await shoot(page, '09-content-types')

      await page.getByRole('link', { name: 'Documents' }).click()
      await page
        .getByRole('row', { name: /still-a-draft/ })
        .getByText('draft', { exact: true })
        .waitFor()
      await page
        .getByRole('row', { name: /hello-panel/ })
        .getByText('published', { exact: true })
        .waitFor()
      await shoot(page, '10-documents')

      await waitFor(
        async () => {
          const deliveries = await adminClient()(
            'GET',
            `/admin/api/websites/${websiteId}/webhooks/${hook.body.id}/deliveries`,
          )
          return deliveries.body?.docs?.some(
            (delivery: { status: string }) => delivery.status === 'succeeded',
          )
            ? true
            : undefined
        },
        { timeoutMs: 20_000, intervalMs: 250, what: 'a delivered webhook' },
      )
      await page.getByRole('link', { name: 'Webhooks' }).click()
      await page.getByRole('heading', { name: 'search index' }).waitFor()
      await page.getByRole('button', { name: 'Show recent deliveries' }).click()
      await page
        .getByRole('region', { name: 'Recent deliveries' })
        .getByText('succeeded')
        .first()
        .waitFor()
      await shoot(page, '11-webhooks-and-deliveries')
      await page.close()
    } finally {
      await receiver.close()
    }
  })

  it('when the screen is narrow, then the panel stacks into one readable column', async () => {
    const page = await openPanel(375)
    await shoot(page, '12-narrow-sign-in')
    await signIn(page)
    const name = `narrow-${randomUUID().slice(0, 8)}`
    await createWebsite(page, name)
    await page.getByLabel('Name', { exact: true }).fill('a key with a rather long name')
    await page.getByRole('button', { name: 'Create key' }).click()
    await page.getByRole('button', { name: 'I have stored the key' }).click()
    await page.getByRole('row', { name: /rather long name/ }).waitFor()
    const overflow = await page.evaluate<number>(
      'document.documentElement.scrollWidth - window.innerWidth',
    )
    expect(overflow).toBeLessThanOrEqual(0)
    await shoot(page, '13-narrow-website')
    await page.close()
  })

  it('when the page is reloaded, then the session holds; when the operator signs out, then it is gone', async () => {
    const page = await openPanel()
    await signIn(page)
    await page.reload()
    await page.getByRole('navigation', { name: 'Websites' }).waitFor()
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.getByText('You are signed out.').waitFor()
    expect(await page.evaluate('sessionStorage.length + localStorage.length')).toBe(0)
    await page.reload()
    await page.getByLabel('Email', { exact: true }).waitFor()
    expect((await page.context().request.get(`${gatewayUrl}/auth/session`)).status()).toBe(401)
    await shoot(page, '14-signed-out')
    await page.close()
  })

  it('when an operator opens the quotas of a website, then usage is shown against each limit and an override can be set and reset', async () => {
    const page = await openPanel()
    await signIn(page)
    const websiteId = await createWebsite(page, `quotas-${randomUUID().slice(0, 8)}`)
    await page.getByRole('link', { name: 'Quotas', exact: true }).click()
    // The tab panel is a region named Quotas too (by its tab): the table's region holds a table.
    const table = page
      .getByRole('region', { name: 'Quotas', exact: true })
      .filter({ has: page.getByRole('table') })
      .last()
    await table.waitFor()
    const webhooksRow = table.getByRole('row', { name: /^Webhooks/ })
    expect(await webhooksRow.textContent()).toContain('0 of 100')
    const streamsRow = table.getByRole('row', { name: /^Open change streams/ })
    expect(await streamsRow.textContent()).toContain('0 of 100')
    expect(await streamsRow.textContent()).not.toContain('largest content type')
    await page.getByLabel('Limit for webhooks').fill('3')
    await webhooksRow.getByRole('button', { name: 'Set' }).click()
    await webhooksRow.getByText('override (default 100)').waitFor()
    expect(await webhooksRow.textContent()).toContain('0 of 3')
    const stored = await adminClient()('GET', `/admin/api/websites/${websiteId}/quotas`)
    expect(stored.body.quotas.webhooks).toMatchObject({ limit: 3, override: 3 })
    await shoot(page, '15-quotas')
    await page.getByRole('button', { name: 'Reset webhooks to the default' }).click()
    await webhooksRow.getByText('0 of 100').waitFor()
    await page.close()
  })

  it('admin: the panel can upload, list, preview and delete media; admin: the panel edits alt text and captions — when an operator uploads an image, then it is listed with its thumbnail; its alt text and caption are edited in a dialog; a referenced file is deleted only when forced', async () => {
    const page = await openPanel()
    await signIn(page)
    const websiteId = await createWebsite(page, `media-${randomUUID().slice(0, 8)}`)
    const seeded = await adminClient()('POST', `/admin/api/websites/${websiteId}/keys`, {
      body: { name: 'seeding', scope: 'admin' },
    })
    const api = apiClient(seeded.body.key as string, gatewayUrl)
    const type = await api('POST', '/api/content-types', {
      body: {
        name: 'post',
        slugField: 'title',
        fields: [
          { name: 'title', type: 'text', required: true },
          { name: 'cover', type: 'media' },
        ],
      },
    })
    expect(type.status).toBe(201)

    await page.getByRole('link', { name: 'Media', exact: true }).click()
    await page.getByText('This website has no media files yet.').waitFor()
    const png = await sharp({
      create: { width: 320, height: 200, channels: 3, background: { r: 30, g: 120, b: 200 } },
    })
      .png()
      .toBuffer()
    await page
      .getByLabel('File', { exact: true })
      .setInputFiles({ name: 'panel-cover.png', mimeType: 'image/png', buffer: png })
    await page.getByLabel('Alt text').fill('A blue rectangle')
    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    await page.getByRole('status').getByText('Uploaded panel-cover.png.').waitFor()

    const row = page.getByRole('row', { name: /panel-cover\.png/ })
    await row.waitFor()
    const text = await row.textContent()
    expect(text).toContain('image/png')
    expect(text).toContain('320 × 200')
    expect(text).toContain(`${(png.length / 1000).toFixed(1)} kB`)
    const listed = await adminClient()('GET', `/admin/api/websites/${websiteId}/media`)
    expect(listed.status).toBe(200)
    expect(listed.body.docs).toHaveLength(1)
    const media = listed.body.docs[0] as { id: string; url: string; alt: string }
    expect(media.alt).toBe('A blue rectangle')

    // The thumbnail is the asset URL's 160 px variant, loaded from the gateway (CSP img-src 'self').
    const thumbnail = row.getByRole('img', { name: 'A blue rectangle' })
    expect(await thumbnail.getAttribute('src')).toBe(`${media.url}?w=160`)
    // Runs in the page: an <img>, typed by what is read of it (this project has no DOM types).
    type LoadedImage = { complete: boolean; naturalWidth: number }
    await page.waitForFunction(
      (img) => {
        const image = img as unknown as LoadedImage | null
        return image !== null && image.complete && image.naturalWidth > 0
      },
      await thumbnail.elementHandle(),
    )
    expect(await thumbnail.evaluate((img) => (img as unknown as LoadedImage).naturalWidth)).toBe(
      160,
    )
    await shoot(page, '16-media-uploaded')

    await row.getByRole('button', { name: 'Edit alt text and caption of panel-cover.png' }).click()
    const editor = page.getByRole('dialog', { name: 'Describe “panel-cover.png”' })
    const altField = editor.getByLabel('Alt text')
    expect(await altField.inputValue()).toBe('A blue rectangle')
    // The dialog opens with the alt text field focused.
    expect(await page.evaluate('document.activeElement && document.activeElement.id')).toBe(
      'edit-media-alt',
    )
    await altField.fill('A blue rectangle on white')
    await editor.getByLabel('Caption').fill('Cover of the first post')
    await shoot(page, '16a-media-edit')
    await editor.getByRole('button', { name: 'Save', exact: true }).click()
    await page
      .getByRole('status')
      .getByText('Saved the alt text and caption of panel-cover.png.')
      .waitFor()
    expect(await editor.count()).toBe(0)
    await row.getByText('Caption: Cover of the first post').waitFor()
    expect(await row.getByRole('img', { name: 'A blue rectangle on white' }).count()).toBe(1)
    const described = await adminClient()('GET', `/admin/api/websites/${websiteId}/media`)
    expect(described.body.docs[0]).toMatchObject({
      alt: 'A blue rectangle on white',
      caption: 'Cover of the first post',
    })
    // An emptied field is saved as null; Cancel saves nothing.
    await row.getByRole('button', { name: 'Edit alt text and caption of panel-cover.png' }).click()
    await editor.getByLabel('Caption').fill('')
    await editor.getByRole('button', { name: 'Save', exact: true }).click()
    await editor.waitFor({ state: 'detached' })
    await row.getByRole('button', { name: 'Edit alt text and caption of panel-cover.png' }).click()
    await editor.getByLabel('Alt text').fill('Not saved')
    await editor.getByRole('button', { name: 'Cancel' }).click()
    await editor.waitFor({ state: 'detached' })
    const after = await adminClient()('GET', `/admin/api/websites/${websiteId}/media`)
    expect(after.body.docs[0]).toMatchObject({ alt: 'A blue rectangle on white', caption: null })
    await shoot(page, '16b-media-described')

    const post = await api('POST', '/api/content', {
      body: { type: 'post', data: { title: 'With a cover', cover: media.id } },
    })
    expect(post.status).toBe(201)

    await row.getByRole('button', { name: 'Delete panel-cover.png' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete “panel-cover.png”?' })
    await dialog.getByRole('button', { name: 'Delete file' }).click()
    const refused = dialog.getByRole('alert')
    await refused.waitFor()
    expect(await refused.textContent()).toContain(`is used by documents: ${post.body.id}`)
    await shoot(page, '17-media-delete-referenced')
    await dialog.getByRole('button', { name: 'Delete anyway' }).click()
    await page.getByText('This website has no media files yet.').waitFor()
    expect((await fetch(`${gatewayUrl}${media.url}`)).status).toBe(404)
    expect(
      (await adminClient()('GET', `/admin/api/websites/${websiteId}/media`)).body.docs,
    ).toEqual([])
    await page.close()
  })

  it('when every screen has been shown, then the browser reported no errors (nothing refused by the CSP)', () => {
    // A wrong password (and the signed-out page's session check) is answered 401 and deleting a referenced file 409, which the browser logs
    // as failed resources: expected.
    const unexpected = browserErrors.filter((text) => !/status of 40[19]/.test(text))
    expect(unexpected).toEqual([])
  })
})
