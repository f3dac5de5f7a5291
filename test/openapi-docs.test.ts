import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite, testEnv } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'
import { CHROMIUM, CHROMIUM_ARGS, collectBrowserErrors, ensureChromium } from './browser-kit.ts'
import { createTestPerson, signInIfAsked } from './people-kit.ts'

describe('/docs in the browser', () => {
  let context: BrowserContext
  let userDataDir: string
  let site: TestWebsite
  /** Console errors and page errors: anything the Content-Security-Policy refused shows here. */
  const browserErrors: string[] = []
  /** Every URL the page received an answer from: none but the gateway. */
  const requested: string[] = []

  async function open(): Promise<Page> {
    const page = await context.newPage()
    collectBrowserErrors(page, browserErrors)
    page.on('requestfinished', (request) => requested.push(request.url()))
    return page
  }

  /** Waits for Redoc to show `text`; a failure says what the browser reported. */
  async function rendered(page: Page, text: string, heading = true): Promise<void> {
    try {
      const shown = heading ? page.locator('h1, h2, h3', { hasText: text }) : page.getByText(text)
      await shown.first().waitFor({ timeout: 30_000, state: heading ? 'visible' : 'attached' })
    } catch (error) {
      const problem = await page.locator('#docs-problem').textContent()
      throw new Error(
        `"${text}" not shown; page says ${JSON.stringify(problem)}; browser errors: ${JSON.stringify(browserErrors)}`,
        { cause: error },
      )
    }
  }

  beforeAll(async () => {
    ensureChromium()
    site = await createTestWebsite()
    await site.api('POST', '/api/content-types', {
      body: { name: 'article', fields: [{ name: 'headline', type: 'text', required: true }] },
    })
    userDataDir = await mkdtemp(join(tmpdir(), 'cms-docs-chromium-'))
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
    })
  }, 120_000)

  afterAll(async () => {
    await context?.close()
    if (userDataDir) await rm(userDataDir, { recursive: true, force: true })
  })

  it("openapi: /docs renders it — when a read key is given, then Redoc, served by the gateway under the admin panel's CSP, shows the website's document with its types' fields; the admin token shows the admin API", async () => {
    const { gatewayUrl, adminToken } = testEnv()
    const page = await open()
    const response = await page.goto(`${gatewayUrl}/docs`)
    expect(response?.status()).toBe(200)
    const csp = response?.headers()['content-security-policy'] ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toContain('unsafe')
    expect(csp).toContain("script-src 'self';")
    expect(csp).toContain("connect-src 'self';")
    await page.getByLabel('Key or token').fill(site.readKey)
    await page.getByRole('button', { name: 'Show', exact: true }).click()
    await page.locator('#docs-render[data-loaded="public"]').waitFor()
    await rendered(page, 'List documents')
    await rendered(page, 'headline', false)
    // A reload keeps the key of this tab.
    await page.reload()
    await rendered(page, 'List documents')
    await page.locator('#docs-which').selectOption('admin')
    await page.getByLabel('Key or token').fill(adminToken)
    await page.getByRole('button', { name: 'Show', exact: true }).click()
    await page.locator('#docs-render[data-loaded="admin"]').waitFor()
    await rendered(page, 'Create a key (shown once)')
    // Redoc's attribution shows its logo from Redocly's CDN: the policy refuses it (nothing
    // leaves the gateway) and Redoc then hides the image. Nothing else may be refused.
    expect(browserErrors.filter((error) => !error.includes('https://cdn.redoc.ly/'))).toEqual([])
    const origin = new URL(gatewayUrl).origin
    expect(requested.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual(
      [],
    )
    await page.close()
  })

  it('openapi: /docs renders it — when the key is wrong, then the page says so and renders nothing', async () => {
    const page = await open()
    await page.goto(`${testEnv().gatewayUrl}/docs`)
    await page.evaluate(() => sessionStorage.clear())
    await page.reload()
    await page.getByLabel('Key or token').fill('cms_not-a-key')
    await page.getByRole('button', { name: 'Show', exact: true }).click()
    await page.getByText('(401)').waitFor()
    expect(await page.locator('#docs-render').innerHTML()).toBe('')
    await page.close()
  })

  it('openapi: /docs renders it — when an operator signed in to the admin panel in this tab, then /docs shows the admin document without asking', async () => {
    const page = await open()
    const { gatewayUrl } = testEnv()
    await page.goto(`${gatewayUrl}/docs`)
    await page.evaluate(() => sessionStorage.clear())
    await page.goto(`${gatewayUrl}/admin`)
    await signInIfAsked(page, await createTestPerson({ operator: true }))
    await page.goto(`${gatewayUrl}/docs`)
    await page.locator('#docs-render[data-loaded="admin"]').waitFor()
    await rendered(page, 'Create a website')
    await page.close()
  })
})
