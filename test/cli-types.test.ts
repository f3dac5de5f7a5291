import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCmsClient } from '@cms/client'
import { createTestWebsite, testEnv } from '@cms/testkit'
import { runCli } from '../apps/cli/src/run-cli.ts'
import { compileBeside, errorLines } from '../apps/cli/test/compile-types.ts'

const GIF = Uint8Array.from(atob('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'), (c) =>
  c.charCodeAt(0),
)

let dir: string

const compile = (file: string, source: string) => compileBeside(dir, file, source)

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cms-types-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('cms types', () => {
  it("admin: the command line writes types — when a website's types use every field type, then the written declarations type the API's real answers, and misuse does not compile", async () => {
    const site = await createTestWebsite()
    const cms = createCmsClient({ baseUrl: testEnv().gatewayUrl, apiKey: site.adminKey })
    await cms.locales.replace([{ code: 'en', default: true }, { code: 'fr' }])
    await cms.contentTypes.create({
      name: 'person',
      titleField: 'name',
      fields: [{ name: 'name', type: 'text', required: true }],
    })
    await cms.contentTypes.create({
      name: 'blog-post',
      label: 'Blog post',
      localized: true,
      titleField: 'title',
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'summary', type: 'textarea' },
        { name: 'body', type: 'richText' },
        { name: 'tags', type: 'tags' },
        { name: 'price', type: 'number', localized: false },
        { name: 'count', type: 'integer' },
        { name: 'featured', type: 'boolean' },
        { name: 'day', type: 'date' },
        { name: 'at', type: 'datetime' },
        { name: 'contact', type: 'email' },
        { name: 'link', type: 'url' },
        { name: 'state', type: 'select', options: ['idea', 'final'] },
        { name: 'meta', type: 'json' },
        { name: 'author', type: 'relation', target: 'person' },
        { name: 'related', type: 'relation', target: 'blog-post', many: true },
        { name: 'cover', type: 'media' },
        { name: 'gallery', type: 'media', many: true },
      ],
    })
    const person = await cms.content.create({ type: 'person', data: { name: 'Ann' } })
    await cms.content.publish(person.id)
    const image = await cms.media.upload({ file: new Blob([GIF]), filename: 'dot.gif' })
    const post = await cms.content.create({
      type: 'blog-post',
      data: {
        title: 'Hello',
        summary: 'Short',
        body: { type: 'doc', content: [{ type: 'paragraph' }] },
        tags: ['a', 'b'],
        price: 9.5,
        count: 3,
        featured: true,
        day: '2026-01-02',
        at: '2026-01-02T03:04:05Z',
        contact: 'ann@example.com',
        link: 'https://example.com',
        state: 'idea',
        meta: { any: ['json', 1, null] },
        author: person.id,
        cover: image.id,
        gallery: [image.id],
      },
    })
    await cms.content.update(
      post.id,
      { data: { related: [post.id], title: 'Bonjour' } },
      { locale: 'fr' },
    )
    await cms.content.publish(post.id)
    const populated = await cms.content.get(post.id, { populate: '*' })
    const plain = await cms.content.get(post.id, { locale: 'fr' })
    const everyLocale = await cms.content.get(post.id, { locale: '*' })

    let stderr = ''
    const code = await runCli(
      ['types', '--website', site.websiteId, '--out', join(dir, 'cms-types.ts')],
      {
        env: { CMS_URL: testEnv().gatewayUrl, CMS_ADMIN_TOKEN: testEnv().adminToken },
        stdout: { write: () => true },
        stderr: { write: (text: string) => (stderr += text) },
      },
    )
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
    const declarations = readFileSync(join(dir, 'cms-types.ts'), 'utf8')
    expect(declarations).toContain('export type LocaleCode = "en" | "fr"')
    expect(declarations).toContain('author?: string | PersonDocument | null')
    expect(declarations).toContain('related?: (string | BlogPostDocument)[]')

    const used = await compile(
      'use-types.ts',
      `import type { BlogPostAllLocales, BlogPostData, BlogPostDocument, ContentTypes, MediaFile } from './cms-types.ts'

export const populated: BlogPostDocument = ${JSON.stringify(populated)}
export const plain: ContentTypes['blog-post'] = ${JSON.stringify(plain)}
export const everyLocale: BlogPostAllLocales = ${JSON.stringify(everyLocale.data)}

export function authorName(doc: BlogPostDocument): string | undefined {
  const author = doc.data.author
  return author === undefined || author === null || typeof author === 'string' ? undefined : author.data.name
}
export function coverUrl(data: BlogPostData): string | undefined {
  const cover: string | MediaFile | null | undefined = data.cover
  return typeof cover === 'object' && cover !== null ? cover.url : undefined
}
export const state: 'idea' | 'final' | undefined = plain.data.state
export const frenchTitle: string | undefined = everyLocale.title.fr
`,
    )
    expect(used).toEqual({ code: 0, output: '' })

    const misused = await compile(
      'misuse-types.ts',
      `import type { BlogPostData, BlogPostDocument } from './cms-types.ts'
declare const doc: BlogPostDocument
export const count: string = doc.data.title.length > 0 ? doc.data.count : ''
export const data: BlogPostData = { title: 'x', state: 'published' }
export const missing: BlogPostData = { summary: 'no title' }
export const unknown: BlogPostData = { title: 'x', colour: 'red' }
`,
    )
    expect(misused.code).not.toBe(0)
    expect(errorLines(misused.output)).toEqual(['3', '4', '5', '6'])
  }, 180_000)

  it('when no --out is given, then the declarations go to stdout', async () => {
    const site = await createTestWebsite()
    let stdout = ''
    const code = await runCli(['types', '--website', site.websiteId, '--json'], {
      env: { CMS_URL: testEnv().gatewayUrl, CMS_ADMIN_TOKEN: testEnv().adminToken },
      stdout: { write: (text: string | Uint8Array) => (stdout += String(text)) },
      stderr: { write: () => true },
    })
    expect(code).toBe(0)
    expect(stdout).toMatch(/^\/\/ Generated by `cms types --website /)
    expect(stdout).toContain('export type AnyDocument = ContentTypes[keyof ContentTypes]')
  })
})
