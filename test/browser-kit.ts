import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import process from 'node:process'
import { chromium } from 'playwright-core'
import type { Browser, Page } from 'playwright-core'
import { REPO_ROOT } from '@cms/stack'

/** Shared by the browser tests of the admin panel and the editor. */
export const CHROMIUM = '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Debian's Chromium, installed with apt-get when missing (as root), as the issue asks. */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return
  if (process.getuid?.() !== 0) {
    throw new Error(`${CHROMIUM} is missing: install it as root with apt-get install -y chromium`)
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update'], { stdio: 'ignore', env })
  execFileSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'ignore', env })
}

/** Debian's Chromium (installed when missing), headless, with the shared flags. */
export async function launchChromium(): Promise<Browser> {
  ensureChromium()
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
}

/** Records console errors and page errors (a CSP refusal shows as one) into `errors`. */
export function collectBrowserErrors(page: Page, errors: string[]): void {
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
}

/** Full-page screenshots into `test-output/<folder>/<name>.png`. */
export async function screenshotter(
  folder: string,
): Promise<(page: Page, name: string) => Promise<Buffer>> {
  const directory = join(REPO_ROOT, 'test-output', folder)
  await mkdir(directory, { recursive: true })
  return (page, name) => page.screenshot({ path: join(directory, `${name}.png`), fullPage: true })
}

/** How far the page scrolls sideways (0 or less: it fits the viewport). */
export const sidewaysOverflow = (page: Page): Promise<number> =>
  page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')

/** Answers every webhook delivery with 204, so the panel has deliveries to show. */
export async function webhookReceiver(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    request.resume()
    request.on('end', () => response.writeHead(204).end())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hook`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
