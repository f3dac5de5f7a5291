import { createServer } from 'node:http'
import type { Server } from 'node:http'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite, testEnv } from '@cms/testkit'
import { CHROMIUM, CHROMIUM_ARGS, ensureChromium } from '../../../test/browser-kit.ts'
import { buildBrowserBundle } from '../scripts/build-browser-bundle.ts'

let dir: string
let server: Server
let pageOrigin: string
let browser: Browser

/** The page: the bundle as an ES module, run against the gateway from another origin. */
const PAGE = (config: { gatewayUrl: string; apiKey: string }) => `<!doctype html>
<script type="module">
import { CmsApiError, createCmsClient } from './cms-client.js'
const config = ${JSON.stringify(config)}
window.result = (async () => {
  const cms = createCmsClient({ baseUrl: config.gatewayUrl, apiKey: config.apiKey })
  await cms.contentTypes.create({ name: 'note', titleField: 'title', fields: [{ name: 'title', type: 'text' }] })
  const created = await cms.content.create({ type: 'note', data: { title: 'From a browser' } })
  await cms.content.publish(created.id)
  const listed = await cms.content.list({ type: 'note', filters: { 'data.title': { $containsi: 'browser' } } })
  const missing = await cms.content.get('00000000-0000-4000-8000-000000000000').catch((e) => e)
  return {
    slug: created.slug,
    listed: listed.docs.map((doc) => doc.id),
    createdId: created.id,
    error: missing instanceof CmsApiError ? { code: missing.code, requestId: missing.requestId } : String(missing),
  }
})()
</script>`

beforeAll(async () => {
  ensureChromium()
  dir = mkdtempSync(join(tmpdir(), 'cms-client-browser-'))
  await buildBrowserBundle(join(dir, 'cms-client.js'))
  const site = await createTestWebsite()
  const html = PAGE({ gatewayUrl: testEnv().gatewayUrl, apiKey: site.adminKey })
  server = createServer((request, response) => {
    if (request.url === '/cms-client.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' })
      response.end(readFileSync(join(dir, 'cms-client.js')))
    } else {
      response.writeHead(200, { 'content-type': 'text/html' })
      response.end(html)
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  pageOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
}, 600_000)

afterAll(async () => {
  await browser?.close()
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  rmSync(dir, { recursive: true, force: true })
})

describe('@cms/client in a browser', () => {
  it('when a page on another origin loads the bundle, then it writes and reads through the gateway (CORS preflights included) and gets a typed error with the request id', async () => {
    const page = await browser.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(`${pageOrigin}/`)
    const result = (await page.evaluate('window.result')) as {
      slug: string
      listed: string[]
      createdId: string
      error: { code: string; requestId: string } | string
    }
    expect(errors).toEqual([])
    expect(result).toEqual({
      slug: 'from-a-browser',
      listed: [result.createdId],
      createdId: expect.any(String),
      error: { code: 'NOT_FOUND', requestId: expect.any(String) },
    })
    expect(new URL(testEnv().gatewayUrl).origin).not.toBe(pageOrigin)
    await page.close()
  })
})
