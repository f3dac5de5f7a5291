import { describe, expect, it } from 'vitest'
import type { ContentType } from '@cms/client'
import { typeDeclarations } from './type-declarations.ts'

const type = (name: string, fields: Partial<ContentType['fields'][number]>[] = []): ContentType =>
  ({
    id: name,
    name,
    label: name,
    fields: fields.map((field) => ({ label: field.name, required: false, ...field })),
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  }) as ContentType

const declare = (types: ContentType[], locales = ['en']) =>
  typeDeclarations({ website: { id: 'w1', name: 'Site' }, types, locales })

describe('typeDeclarations', () => {
  it('when two type names give the same interface name, or one a helper name, then later ones get a number', () => {
    const text = declare([type('blog-post'), type('blog_post'), type('cms')])
    expect(text).toContain('export type BlogPostDocument = CmsDocument<"blog-post", BlogPostData>')
    expect(text).toContain(
      'export type BlogPost2Document = CmsDocument<"blog_post", BlogPost2Data>',
    )
    expect(text).toContain('export type Cms2Document = CmsDocument<"cms", Cms2Data>')
  })

  it('when a relation names a type that is gone, then its populated value is any document', () => {
    const text = declare([type('a', [{ name: 'ghost', type: 'relation', target: 'gone' }])])
    expect(text).toContain('ghost?: string | CmsDocument<string, Record<string, unknown>> | null')
  })

  it('when a label holds a comment end, then the comment stays closed', () => {
    const text = declare([
      { ...type('a', [{ name: 'x', type: 'text', label: 'evil */ export const y = 1 /*' }]) },
    ])
    expect(text).not.toContain('evil */')
  })

  it('when a website has no locales listed, then locale codes are strings', () => {
    expect(declare([], [])).toContain('export type LocaleCode = string')
  })
})

describe('typeDeclarations of components and blocks', () => {
  type Field = Partial<ContentType['fields'][number]>
  const component = (name: string, fields: Field[]) => ({
    name,
    label: name,
    fields: type(name, fields).fields,
  })
  const components = [
    component('seo', [
      { name: 'title', type: 'text', required: true },
      { name: 'image', type: 'media' },
    ]),
    component('hero', [
      { name: 'heading', type: 'text', required: true },
      { name: 'seo', type: 'component', component: 'seo' },
      { name: 'inner', type: 'blocks', components: ['quote'] },
    ]),
    component('quote', [{ name: 'by', type: 'relation', target: 'author' }]),
  ]
  const landing = type('landing', [
    { name: 'seo', type: 'component', component: 'seo', required: true },
    { name: 'specs', type: 'component', component: 'quote', repeatable: true },
    { name: 'sections', type: 'blocks', components: ['hero', 'quote'] },
    { name: 'ghost', type: 'component', component: 'gone' },
  ])
  const text = typeDeclarations({
    website: { id: 'w1', name: 'Site' },
    types: [type('author'), landing],
    components,
    locales: ['en'],
  })

  it('when a type uses components, then each component is one interface its fields are typed with, an array when repeatable', () => {
    expect(text).toContain('export interface SeoComponent {')
    expect(text).toMatch(/ {2}title: string\n[^]* {2}image\?: string \| MediaFile \| null\n\}/)
    expect(text).toContain('  seo: SeoComponent\n')
    expect(text).toContain('  specs?: Array<QuoteComponent>\n')
    // A component nested in a component, and relations inside it, are typed the same way.
    expect(text).toMatch(/export interface HeroComponent \{[^}]*seo\?: SeoComponent/)
    expect(text).toMatch(/export interface QuoteComponent \{[^}]*by\?: string \| AuthorDocument/)
    // A component the website does not have (yet) is any object.
    expect(text).toContain('ghost?: { [member: string]: JsonValue }')
  })

  it('when a type has a blocks field, then it is an array of a union told apart by __component', () => {
    expect(text).toContain('export type HeroBlock = HeroComponent & { __component: "hero" }')
    expect(text).toContain('  sections?: Array<HeroBlock | QuoteBlock>\n')
    expect(text).toMatch(/export interface HeroComponent \{[^}]*inner\?: Array<QuoteBlock>/)
  })

  it('when a component name gives the name of a type declaration, then the component gets a number', () => {
    const clash = typeDeclarations({
      website: { id: 'w1', name: 'Site' },
      types: [type('hero-block')],
      components: [component('hero', [])],
      locales: ['en'],
    })
    expect(clash).toContain(
      'export type HeroBlockDocument = CmsDocument<"hero-block", HeroBlockData>',
    )
    expect(clash).toContain('export type Hero2Block = Hero2Component & { __component: "hero" }')
  })
})
