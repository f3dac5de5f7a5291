import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'
import { cms } from './support/cms-under-test.ts'
import { compileBeside, errorLines } from './compile-types.ts'

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cms-types-components-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The answer's body, after checking its status. */
async function ok(site: TestWebsite, method: string, path: string, body?: unknown, status = 200) {
  const answer = await site.api(method, path, body === undefined ? {} : { body })
  expect(answer.status, answer.text).toBe(status)
  return answer.body
}

/** A website whose landing pages hold an SEO group, repeatable cards and blocks nested in blocks. */
async function landingWebsite(site: TestWebsite): Promise<void> {
  await ok(site, 'PUT', '/api/locales', {
    locales: [{ code: 'en', default: true }, { code: 'fr' }],
  })
  await ok(
    site,
    'POST',
    '/api/content-types',
    {
      name: 'author',
      titleField: 'name',
      fields: [{ name: 'name', type: 'text', required: true }],
    },
    201,
  )
  const components = [
    { name: 'seo', fields: [{ name: 'title', type: 'text', required: true }] },
    { name: 'card', fields: [{ name: 'label', type: 'text', required: true }] },
    {
      name: 'quote',
      fields: [
        { name: 'text', type: 'textarea', required: true },
        { name: 'by', type: 'relation', target: 'author' },
      ],
    },
    {
      name: 'hero',
      label: 'Hero banner',
      fields: [
        { name: 'heading', type: 'text', required: true },
        { name: 'cta', type: 'component', component: 'card' },
        { name: 'aside', type: 'blocks', components: ['quote'] },
      ],
    },
  ]
  for (const component of components) await ok(site, 'POST', '/api/components', component, 201)
  await ok(
    site,
    'POST',
    '/api/content-types',
    {
      name: 'landing',
      titleField: 'title',
      localized: true,
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'seo', type: 'component', component: 'seo', required: true },
        { name: 'cards', type: 'component', component: 'card', repeatable: true, max: 4 },
        { name: 'sections', type: 'blocks', components: ['hero', 'quote'] },
      ],
    },
    201,
  )
}

describe('cms types with components and blocks', () => {
  it("admin: the command line writes types — when a website's types use components, repeatable components and blocks, then the declarations type real answers, narrow blocks on __component, and misuse does not compile", async () => {
    const site = await createTestWebsite()
    await landingWebsite(site)
    const author = await ok(
      site,
      'POST',
      '/api/content',
      { type: 'author', data: { name: 'Ann' } },
      201,
    )
    await ok(site, 'POST', `/api/content/${author.id}/publish`)
    const page = await ok(
      site,
      'POST',
      '/api/content',
      {
        type: 'landing',
        data: {
          title: 'Home',
          seo: { title: 'Home page' },
          cards: [{ label: 'One' }, { label: 'Two' }],
          sections: [
            {
              __component: 'hero',
              heading: 'Welcome',
              cta: { label: 'Go' },
              aside: [{ __component: 'quote', text: 'Nested.', by: author.id }],
            },
            { __component: 'quote', text: 'Short.', by: author.id },
          ],
        },
      },
      201,
    )
    await ok(site, 'PATCH', `/api/content/${page.id}?locale=fr`, {
      data: { title: 'Accueil', seo: { title: 'Accueil' } },
    })
    await ok(site, 'POST', `/api/content/${page.id}/publish`)
    const plain = await ok(site, 'GET', `/api/content/${page.id}`)
    const populated = await ok(site, 'GET', `/api/content/${page.id}?populate=*`)
    const everyLocale = await ok(site, 'GET', `/api/content/${page.id}?locale=*`)

    const out = join(dir, 'cms-types.ts')
    const written = await cms(['types', '--website', site.websiteId, '--out', out])
    expect(written).toMatchObject({ code: 0, stderr: '' })
    const declarations = readFileSync(out, 'utf8')
    expect(declarations).toContain('export interface HeroComponent {')
    expect(declarations).toContain('  sections?: Array<HeroBlock | QuoteBlock>\n')
    expect(declarations).toContain('  cards?: Array<CardComponent>\n')

    const used = await compileBeside(
      dir,
      'use-components.ts',
      `import type { ContentTypes, LandingAllLocales, LandingDocument, QuoteBlock } from './cms-types.ts'

export const plain: LandingDocument = ${JSON.stringify(plain)}
export const populated: ContentTypes['landing'] = ${JSON.stringify(populated)}
export const everyLocale: LandingAllLocales = ${JSON.stringify(everyLocale.data)}

/** Each section's words: a union told apart by __component, at two levels. */
export function words(doc: LandingDocument): string[] {
  return (doc.data.sections ?? []).flatMap((block) =>
    block.__component === 'hero'
      ? [block.heading, block.cta?.label ?? '', ...(block.aside ?? []).map((quote) => quote.text)]
      : [block.text],
  )
}
export const seoTitle: string = plain.data.seo.title
export const frenchSeo: string | undefined = everyLocale.seo?.fr?.title
export const quote: QuoteBlock = { __component: 'quote', text: 'x' }
`,
    )
    expect(used).toEqual({ code: 0, output: '' })

    const misused = await compileBeside(
      dir,
      'misuse-components.ts',
      `import type { HeroBlock, LandingData } from './cms-types.ts'
declare const data: LandingData
export const hero: HeroBlock = { __component: 'quote', heading: 'x' }
export const noHeading: HeroBlock = { __component: 'hero' }
export const one: LandingData = { title: 'x', seo: { title: 'x' }, cards: { label: 'x' } }
export const text: string = (data.sections ?? [])[0]?.heading ?? ''
export const noSeo: LandingData = { title: 'x' }
`,
    )
    expect(misused.code).not.toBe(0)
    expect(errorLines(misused.output)).toEqual(['3', '4', '5', '6', '7'])
  }, 180_000)
})
