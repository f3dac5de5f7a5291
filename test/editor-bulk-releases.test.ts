import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite, testEnv, waitFor } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'
import { buildAdminUi } from '../apps/admin-ui/build-admin-ui.ts'
import {
  collectBrowserErrors,
  launchChromium,
  screenshotter,
  sidewaysOverflow,
} from './browser-kit.ts'
import { createTestPerson, signInIfAsked } from './people-kit.ts'
import type { TestPerson } from './people-kit.ts'
import { createArticles } from './bulk-kit.ts'
import { draftOf, pageType } from './releases-kit.ts'

/**
 * The editor's bulk selection and releases page, driven as the website's owner would: the
 * documents exist beforehand (through the API); what happens to them goes through the page and
 * is checked through the API.
 */
describe('bulk actions and releases in the editor', () => {
  let browser: Browser
  let page: Page
  let site: TestWebsite
  let owner: TestPerson
  let shoot: (page: Page, name: string) => Promise<Buffer>
  const browserErrors: string[] = []
  const ids = new Map<string, string>()
  const TITLES = [
    'Campaign one',
    'Campaign two',
    'Campaign three',
    'Campaign four',
    'Campaign five',
  ]

  const statusOf = async (id: string) =>
    (await site.api('GET', `/api/content/${id}?draft=true`)).body.status as string
  const select = (title: string) => page.getByRole('checkbox', { name: `Select ${title}` })
  /** A fresh load of the editor at `hash` (the website's types read anew), signed in. */
  const openEditor = async (hash: string) => {
    await page.goto('about:blank')
    await page.goto(`${testEnv().gatewayUrl}/admin${hash}`)
    await signInIfAsked(page, owner)
  }
  const openList = async () => {
    await openEditor('#/editor?type=campaign')
    await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor()
    await select(TITLES[0]!).waitFor()
  }
  const releaseIdOfPage = () => decodeURIComponent(new URL(page.url()).hash.split('/').pop() ?? '')

  /** The type's title becomes at most 20 characters, and the writer knows it. */
  const tightenTitle = async (type: string) => {
    const changed = await site.api('PATCH', `/api/content-types/${type}`, {
      body: {
        fields: [
          { name: 'title', type: 'text', required: true, maxLength: 20 },
          { name: 'body', type: 'text' },
        ],
      },
    })
    expect(changed.status, changed.text).toBe(200)
    await waitFor(
      async () => {
        const tried = await site.api('POST', '/api/content', {
          body: { type, data: { title: 'y'.repeat(30) } },
        })
        return tried.status === 422 ? tried : undefined
      },
      { what: 'the new type at the writer', timeoutMs: 30_000 },
    )
  }

  beforeAll(async () => {
    await buildAdminUi()
    shoot = await screenshotter('editor')
    site = await createTestWebsite({ name: `editor-bulk-${Date.now()}` })
    for (const name of ['campaign', 'article']) {
      const type = await site.api('POST', '/api/content-types', { body: pageType(name) })
      expect(type.status, type.text).toBe(201)
    }
    for (const title of TITLES) ids.set(title, await draftOf(site.api, 'campaign', title))
    owner = await createTestPerson({ memberships: [{ websiteId: site.websiteId, role: 'owner' }] })
    browser = await launchChromium()
    page = await (await browser.newContext()).newPage()
    await page.setViewportSize({ width: 1280, height: 900 })
    collectBrowserErrors(page, browserErrors)
  }, 600_000)

  afterAll(async () => {
    await browser?.close()
  })

  it('when three documents are selected and published in bulk, then the dialog names 3 and the API has them published', async () => {
    await openList()
    await select('Campaign one').check()
    await select('Campaign two').check()
    // The keyboard reaches a row's checkbox and Space checks it.
    await select('Campaign three').focus()
    await page.keyboard.press('Space')
    await expect(select('Campaign three').isChecked()).resolves.toBe(true)
    const bar = page.getByRole('region', { name: 'Selected documents' })
    await bar.getByText('3 documents selected').waitFor()
    await shoot(page, 'bulk-01-selection')
    await bar.getByRole('button', { name: 'Publish', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Publish 3 documents?' })
    await dialog.waitFor()
    // Nothing is sent before the confirmation.
    expect(await statusOf(ids.get('Campaign one')!)).toBe('draft')
    await dialog.getByRole('button', { name: 'Publish 3 documents' }).click()
    const outcome = page.getByRole('status').filter({ hasText: 'publish: 3 documents done.' })
    await outcome.waitFor({ timeout: 30_000 })
    await shoot(page, 'bulk-02-outcome')
    for (const title of ['Campaign one', 'Campaign two', 'Campaign three']) {
      expect(await statusOf(ids.get(title)!)).toBe('published')
      expect((await site.readApi('GET', `/api/content/${ids.get(title)}`)).status).toBe(200)
    }
    for (const title of ['Campaign four', 'Campaign five'])
      expect(await statusOf(ids.get(title)!)).toBe('draft')
    // The list was read again: the published rows say so, and nothing is selected any more.
    const row = page.getByRole('row').filter({ hasText: 'Campaign one' })
    await row.getByText('published', { exact: true }).waitFor()
    expect(await bar.count()).toBe(0)
  }, 120_000)

  it('when two documents are added to a new release and it is published, then the API has both published and the page shows it published', async () => {
    await openList()
    await select('Campaign four').check()
    await select('Campaign five').check()
    await page
      .getByRole('region', { name: 'Selected documents' })
      .getByRole('button', { name: 'Add to release' })
      .click()
    const adding = page.getByRole('dialog', { name: 'Add 2 documents to a release' })
    await adding.getByLabel('Name of the new release').fill('Spring campaign')
    await adding.getByRole('button', { name: 'Add to release' }).click()
    await page.getByRole('heading', { level: 1, name: 'Release Spring campaign' }).waitFor()
    const entries = page.getByRole('region', { name: 'Entries' })
    await entries.getByRole('link', { name: 'Campaign four' }).waitFor()
    await entries.getByRole('link', { name: 'Campaign five' }).waitFor()
    const releaseId = releaseIdOfPage()
    expect((await site.api('GET', `/api/releases/${releaseId}`)).body).toMatchObject({
      name: 'Spring campaign',
      state: 'open',
      entries: [
        { documentId: ids.get('Campaign four'), action: 'publish', type: 'campaign' },
        { documentId: ids.get('Campaign five'), action: 'publish', type: 'campaign' },
      ],
    })
    await page.setViewportSize({ width: 375, height: 800 })
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0)
    await shoot(page, 'release-01-narrow')
    await page.setViewportSize({ width: 1280, height: 900 })

    await page.getByRole('button', { name: 'Publish now' }).click()
    const dialog = page.getByRole('dialog', { name: 'Publish 2 documents now?' })
    await dialog.getByRole('button', { name: 'Publish release' }).click()
    await page
      .getByRole('status', { name: 'Release state' })
      .getByText('published', { exact: true })
      .waitFor({ timeout: 30_000 })
    await shoot(page, 'release-02-published')
    expect((await site.api('GET', `/api/releases/${releaseId}`)).body.state).toBe('published')
    for (const title of ['Campaign four', 'Campaign five']) {
      expect(await statusOf(ids.get(title)!)).toBe('published')
      expect((await site.readApi('GET', `/api/content/${ids.get(title)}`)).status).toBe(200)
    }

    await page.getByRole('link', { name: 'All releases' }).click()
    const listed = page.getByRole('row').filter({ hasText: 'Spring campaign' })
    await listed.getByText('published', { exact: true }).waitFor()
  }, 120_000)

  it('when a release holds an entry that no longer fits its type, then publishing shows the problem at that entry and nothing is published', async () => {
    await site.api('POST', '/api/content-types', { body: pageType('note') })
    const fine = await draftOf(site.api, 'note', 'Fine note')
    const long = await draftOf(site.api, 'note', `Long note ${'x'.repeat(30)}`)
    await tightenTitle('note')

    await openEditor('#/editor')
    await page
      .getByRole('navigation', { name: 'Editor' })
      .getByRole('link', { name: 'Releases' })
      .click()
    await page.getByRole('heading', { level: 1, name: 'Releases' }).waitFor()
    await page.getByLabel('New release named').fill('Notes')
    await page.getByRole('button', { name: 'Create release' }).click()
    await page.getByRole('heading', { level: 1, name: 'Release Notes' }).waitFor()
    // Entries picked by title on the release's page.
    const entries = page.getByRole('region', { name: 'Entries' })
    for (const [search, title] of [
      ['Fine', 'Fine note'],
      ['Long', `Long note ${'x'.repeat(30)}`],
    ] as const) {
      await page.getByLabel('Find documents').fill(search)
      await page
        .getByRole('list', { name: 'Documents found' })
        .getByRole('button', { name: `Add ${title}` })
        .click()
      await entries.getByRole('link', { name: title }).waitFor()
    }
    const releaseId = releaseIdOfPage()
    expect(
      (await site.api('GET', `/api/releases/${releaseId}`)).body.entries.map(
        (entry: { documentId: string }) => entry.documentId,
      ),
    ).toEqual([fine, long])

    await page.getByRole('button', { name: 'Publish now' }).click()
    await page
      .getByRole('dialog', { name: 'Publish 2 documents now?' })
      .getByRole('button', { name: 'Publish release' })
      .click()
    const invalid = entries.getByRole('row').filter({ hasText: 'Long note' })
    await invalid.getByText('data.title').waitFor({ timeout: 30_000 })
    await shoot(page, 'release-03-invalid-entry')
    expect(await entries.locator('.entry-problems').count()).toBe(1)
    expect((await site.api('GET', `/api/releases/${releaseId}`)).body.state).toBe('open')
    expect(await statusOf(fine)).toBe('draft')
    expect(await statusOf(long)).toBe('draft')

    // Removing the entry lets the rest publish.
    await entries.getByRole('button', { name: `Remove Long note ${'x'.repeat(30)}` }).click()
    await invalid.waitFor({ state: 'detached' })
    expect((await site.api('GET', `/api/releases/${releaseId}`)).body.entries).toHaveLength(1)

    // Scheduled at a UTC time, then the schedule cancelled.
    await page.getByLabel('Publish at (UTC)').fill('2030-05-01T12:00')
    await page.getByRole('button', { name: 'Schedule', exact: true }).click()
    const state = page.getByRole('status', { name: 'Release state' })
    await state.getByText('scheduled', { exact: true }).waitFor()
    await state.getByText('for 2030-05-01 12:00 UTC').waitFor()
    expect((await site.api('GET', `/api/releases/${releaseId}`)).body).toMatchObject({
      state: 'scheduled',
      scheduledAt: '2030-05-01T12:00:00.000Z',
    })
    await page.getByRole('button', { name: 'Cancel the schedule' }).click()
    await state.getByText('open', { exact: true }).waitFor()
    expect((await site.api('GET', `/api/releases/${releaseId}`)).body.state).toBe('open')
  }, 120_000)

  it('when more than 100 documents are published in bulk, then the job is polled and its outcome names the one that failed with its message, and the list and its counts are read again', async () => {
    const [gone] = await createArticles(site.api, 101)
    const goneTitle = (await site.api('GET', `/api/content/${gone}?draft=true`)).body.data.title
    const polls: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'GET' && request.url().includes('/api/jobs/'))
        polls.push(request.url())
    })
    await openEditor('#/editor?type=article')
    const pager = page.getByRole('navigation', { name: 'Pages' })
    await pager.getByText(/Page 1 of 6/).waitFor()
    for (let number = 1; number <= 6; number++) {
      await pager.getByText(new RegExp(`Page ${number} of 6`)).waitFor()
      await page.getByRole('checkbox', { name: 'Select all documents on this page' }).check()
      if (number < 6) await pager.getByRole('button', { name: 'Next' }).click()
    }
    const bar = page.getByRole('region', { name: 'Selected documents' })
    await bar.getByText('101 documents selected').waitFor()
    // One of them is deleted elsewhere after it was selected: its publish fails as the single one.
    expect((await site.api('DELETE', `/api/content/${gone}`)).status).toBe(204)
    const refusal = await site.api('POST', `/api/content/${gone}/publish`)
    expect(refusal.status).toBe(404)
    await bar.getByRole('button', { name: 'Publish', exact: true }).click()
    await page
      .getByRole('dialog', { name: 'Publish 101 documents?' })
      .getByRole('button', { name: 'Publish 101 documents' })
      .click()
    const outcome = page.getByRole('status', { name: 'Bulk outcome' })
    await outcome.getByText('publish: 100 documents done, 1 failed.').waitFor({ timeout: 90_000 })
    await outcome.getByText(goneTitle).waitFor()
    await outcome.getByText(refusal.body.error.message).waitFor()
    await shoot(page, 'bulk-03-job-outcome')
    expect(polls.length).toBeGreaterThan(0)
    const published = await site.readApi('GET', '/api/content?type=article&limit=1')
    expect(published.body.totalDocs).toBe(100)
    // The list and its counts were read again.
    await page
      .getByRole('list', { name: 'Documents by status' })
      .getByRole('button', { name: 'Published 100' })
      .waitFor()

    // The refusals the tests caused: the sign-in's session check (401) and the release's 422.
    expect(browserErrors.filter((text) => !/status of 4(01|22)/.test(text))).toEqual([])
  }, 180_000)
})
