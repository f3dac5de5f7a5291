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
