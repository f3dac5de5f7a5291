import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite, testEnv } from '@cms/testkit'
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

/**
 * Components and blocks in the editor, as its owner builds and fills them: only the `seo`
 * component exists beforehand (through the API); the rest goes through the page.
 */
describe('components and blocks in the editor', () => {
  let browser: Browser
  let page: Page
  let site: TestWebsite
  let owner: TestPerson
  let shoot: (page: Page, name: string) => Promise<Buffer>
  const browserErrors: string[] = []

  const field = (label: string) => page.getByLabel(label, { exact: true })
  const row = (n: number) => page.getByRole('group', { name: `Field ${n}`, exact: true })
  const addField = async (n: number, name: string, label: string, type: string) => {
    if (n > 1) await page.getByRole('button', { name: 'Add field' }).click()
    await row(n).getByLabel('Field name').fill(name)
    await row(n).getByLabel('Field label').fill(label)
    await row(n).getByLabel('Field type').selectOption(type)
  }
  const waitSaved = () =>
    page.locator('.save-status').getByText('All changes saved').waitFor({ timeout: 15_000 })

  beforeAll(async () => {
    await buildAdminUi()
    shoot = await screenshotter('editor')
    site = await createTestWebsite({ name: `editor-components-${Date.now()}` })
    const seo = await site.api('POST', '/api/components', {
      body: {
        name: 'seo',
        label: 'SEO',
        fields: [{ name: 'metaTitle', label: 'Meta title', type: 'text' }],
      },
    })
    expect(seo.status).toBe(201)
    const link = await site.api('POST', '/api/components', {
      body: {
        name: 'link',
        label: 'Link',
        fields: [
          { name: 'text', label: 'Link text', type: 'text' },
          { name: 'url', label: 'Address', type: 'url' },
        ],
      },
    })
    expect(link.status).toBe(201)
    owner = await createTestPerson({ memberships: [{ websiteId: site.websiteId, role: 'owner' }] })
    browser = await launchChromium()
    page = await (await browser.newContext()).newPage()
    await page.setViewportSize({ width: 1280, height: 900 })
    collectBrowserErrors(page, browserErrors)
    await page.goto(`${testEnv().gatewayUrl}/admin#/editor`)
    await signInIfAsked(page, owner)
  }, 600_000)

  afterAll(async () => {
    await browser?.close()
  })

  it('when components are defined in the editor, then the API holds them with their fields', async () => {
    for (const [name, label, fields] of [
      [
        'hero',
        'Hero',
        [
          ['title', 'Title', 'text', true],
          ['tagline', 'Tagline', 'textarea', false],
        ],
      ],
      [
        'quote',
        'Quote',
        [
          ['text', 'Text', 'textarea', true],
          ['author', 'Author', 'text', false],
        ],
      ],
    ] as const) {
      await page.getByRole('link', { name: 'Content types', exact: true }).click()
      await page.getByRole('link', { name: 'Components', exact: true }).click()
      await page.getByRole('link', { name: 'New component' }).click()
      await page.getByRole('heading', { level: 1, name: 'New component' }).waitFor()
      await field('Name').fill(name)
      await field('Label').fill(label)
      for (const [index, [fieldName, fieldLabel, type, required]] of fields.entries()) {
        await addField(index + 1, fieldName, fieldLabel, type)
        if (required)
          await row(index + 1)
            .getByLabel('Required')
            .check()
      }
      if (name === 'hero') await shoot(page, 'components-01-component-builder')
      await page.getByRole('button', { name: 'Create component' }).click()
      await page.getByRole('heading', { level: 1, name: `Component ${label}` }).waitFor()
    }
    const hero = (await site.api('GET', '/api/components/hero')).body
    expect(
      hero.fields.map((f: { name: string; required: boolean }) => [f.name, f.required]),
    ).toEqual([
      ['title', true],
      ['tagline', false],
    ])
    expect((await site.api('GET', '/api/components/quote')).status).toBe(200)
  })

  it('when a landing page type is built with a component field, a blocks field and a repeatable component field, then the API stores them as chosen', async () => {
    await page.getByRole('link', { name: 'Content types' }).click()
    await page.getByRole('link', { name: 'New content type' }).click()
    await field('Name').fill('landing')
    await field('Label').fill('Landing page')
    await addField(1, 'title', 'Title', 'text')
    await addField(2, 'seo', 'SEO', 'component')
    await row(2).getByLabel('Component').selectOption('seo')
    await addField(3, 'sections', 'Sections', 'blocks')
    await row(3).getByLabel('Hero').check()
    await row(3).getByLabel('Quote').check()
    await row(3).getByLabel('Most items').fill('5')
    await addField(4, 'links', 'Links', 'component')
    await row(4).getByLabel('Component').selectOption('link')
    await row(4).getByLabel('Repeatable (a list)').check()
    await row(4).getByLabel('Most items').fill('3')
    await field('Title field').selectOption('title')
    await shoot(page, 'components-02-type-builder')
    await page.getByRole('button', { name: 'Create type' }).click()
    await page.getByRole('heading', { level: 1, name: 'Content type Landing page' }).waitFor()
    const type = (await site.api('GET', '/api/content-types/landing')).body
    expect(type.fields[1]).toMatchObject({ name: 'seo', type: 'component', component: 'seo' })
    expect(type.fields[2]).toMatchObject({
      name: 'sections',
      type: 'blocks',
      components: ['hero', 'quote'],
      max: 5,
    })
    expect(type.fields[3]).toMatchObject({ component: 'link', repeatable: true, max: 3 })
  })

  it('when a document is filled with two blocks and a list of links, a nested problem shown at its input, reordered and saved, then the API holds the blocks in the new order', async () => {
    await page.getByRole('link', { name: 'Documents', exact: true }).click()
    await page.getByLabel('New document of type').selectOption('landing')
    await page.getByRole('button', { name: 'New document' }).click()
    await page.getByRole('heading', { level: 1, name: 'New Landing page' }).waitFor()
    await page.locator('#field-title').fill('Harbour days')
    await page.getByRole('group', { name: 'SEO' }).getByLabel('Meta title').fill('Harbour')
    const sections = page.getByRole('group', { name: 'Sections', exact: true })
    await sections.getByLabel('Block to add').selectOption('hero')
    await sections.getByRole('button', { name: 'Add block' }).click()
    await sections.getByLabel('Block to add').selectOption('quote')
    await sections.getByRole('button', { name: 'Add block' }).click()
    const hero = sections.getByRole('group', { name: 'Hero 1' })
    await hero.getByLabel(/^Title/).fill('Welcome aboard')
    await hero.getByLabel('Tagline').fill('Boats at first light')
    // A repeatable component: two links added, the first removed.
    const links = page.getByRole('group', { name: 'Links', exact: true })
    await links.getByRole('button', { name: 'Add Link' }).click()
    await links.getByRole('button', { name: 'Add Link' }).click()
    await links.getByRole('group', { name: 'Link 1' }).getByLabel('Link text').fill('Old')
    await links.getByRole('group', { name: 'Link 2' }).getByLabel('Link text').fill('Timetable')
    await links
      .getByRole('group', { name: 'Link 2' })
      .getByLabel('Address')
      .fill('https://example.com/timetable')
    await links.getByRole('button', { name: 'Remove Link 1' }).click()
    expect(await page.locator('#field-links-0-text').inputValue()).toBe('Timetable')
    expect(await page.locator('#field-links-1-text').count()).toBe(0)

    // The quote's required text is missing: the API's 422 names data.sections[1].text.
    await page.getByRole('button', { name: 'Create draft' }).click()
    const quoteText = page.locator('#field-sections-1-text')
    await expect.poll(() => quoteText.getAttribute('aria-invalid')).toBe('true')
    expect(await page.locator('#field-sections-1-text-problem').textContent()).toBeTruthy()
    expect(await hero.getByLabel(/^Title/).getAttribute('aria-invalid')).toBeNull()
    await shoot(page, 'components-03-nested-problem')
    const quote = sections.getByRole('group', { name: 'Quote 2' })
    await quote.getByLabel(/^Text/).fill('The sea is the same everywhere.')
    await quote.getByLabel('Author').fill('Ada')
    await page.getByRole('button', { name: 'Create draft' }).click()
    await page.getByRole('heading', { level: 1, name: 'Harbour days' }).waitFor()
    const id = /#\/editor\/documents\/([^/?]+)/.exec(page.url())?.[1] as string
    const created = (await site.api('GET', `/api/content/${id}?draft=true`)).body
    expect(created.data.sections.map((s: { __component: string }) => s.__component)).toEqual([
      'hero',
      'quote',
    ])

    // Collapsed, the hero keeps its value but hides its inputs.
    await page.getByRole('button', { name: 'Collapse Hero 1' }).click()
    await expect.poll(() => page.locator('#field-sections-0-title').isHidden()).toBe(true)
    expect(
      await page.getByRole('button', { name: 'Expand Hero 1' }).getAttribute('aria-expanded'),
    ).toBe('false')
    await page.getByRole('button', { name: 'Expand Hero 1' }).click()
    await page.locator('#field-sections-0-title').waitFor()

    // The quote moves up and the form autosaves the new order.
    await page.getByRole('button', { name: 'Move Quote 2 up' }).click()
    await page.getByRole('group', { name: 'Quote 1' }).waitFor()
    await waitSaved()
    expect(await page.locator('#field-sections-1-title').inputValue()).toBe('Welcome aboard')
    await shoot(page, 'components-04-reordered')
    const stored = (await site.api('GET', `/api/content/${id}?draft=true`)).body
    expect(stored.data.sections).toEqual([
      { __component: 'quote', text: 'The sea is the same everywhere.', author: 'Ada' },
      { __component: 'hero', title: 'Welcome aboard', tagline: 'Boats at first light' },
    ])
    expect(stored.data.seo).toEqual({ metaTitle: 'Harbour' })
    expect(stored.data.links).toEqual([{ text: 'Timetable', url: 'https://example.com/timetable' }])

    // The history shows the blocks of both versions as text, item by item.
    await page.getByRole('link', { name: 'History' }).click()
    const diff = page.getByRole('region', { name: 'Differences' })
    const sectionsRow = diff.getByRole('row', { name: /^Sections/ })
    await sectionsRow.waitFor()
    const [before, after] = await sectionsRow.getByRole('cell').allTextContents()
    expect(before).toMatch(/^1\. Hero\n {2}Title: Welcome aboard\n[\s\S]*2\. Quote/)
    expect(after).toMatch(/^1\. Quote\n {2}Text: The sea is the same everywhere\.[\s\S]*2\. Hero/)
    expect(await sectionsRow.textContent()).toContain('changed')
    await shoot(page, 'components-05-history')
  })

  it('when the form is 375 px wide, then blocks fit without sideways scrolling and the browser reported no errors', async () => {
    await page.setViewportSize({ width: 375, height: 800 })
    await page.getByRole('link', { name: '← Back to the document' }).click()
    await page.getByRole('group', { name: 'Quote 1' }).waitFor()
    await shoot(page, 'components-06-narrow')
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0)
    // The session check before signing in (401) and the invalid create (422) are logged by the
    // browser as failed resources: expected.
    expect(browserErrors.filter((text) => !/status of 4(01|22)/.test(text))).toEqual([])
  })
})
