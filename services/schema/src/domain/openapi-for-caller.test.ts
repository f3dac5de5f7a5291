import { describe, expect, it } from 'vitest'
import type { ComponentShape, ContentType } from '@cms/content-model'
import { BUILT_IN_ROLES } from '@cms/contract'
import { buildPublicDocument } from '@cms/contract/openapi'
import { openApiDocumentFor } from './openapi-for-caller.ts'

const type = (name: string, fields: Record<string, unknown>[]): ContentType =>
  ({ name, label: name, fields }) as unknown as ContentType

const article = type('article', [{ name: 'title', type: 'text' }])
const event = type('event', [{ name: 'related', type: 'relation', target: 'article' }])
const website = { types: [article, event], locales: ['en'] }

type Json = Record<string, any>
/** `METHOD /path` of each operation with the permission it names. */
const operations = (document: Json): Map<string, string | undefined> =>
  new Map(
    Object.entries(document.paths as Json).flatMap(([path, methods]) =>
      Object.entries(methods as Json).map(([method, operation]) => [
        `${method.toUpperCase()} ${path}`,
        operation['x-permission'],
      ]),
    ),
  )

describe('openApiDocumentFor', () => {
  it("when the caller is an owner, then it is the website's whole document", () => {
    const document = openApiDocumentFor({ permissions: BUILT_IN_ROLES.owner, types: '*' }, website)
    expect(document).toEqual(buildPublicDocument(website))
  })

  it('when the caller is a viewer, then no operation needs a permission it lacks', () => {
    const shown = operations(openApiDocumentFor({ permissions: BUILT_IN_ROLES.viewer }, website))
    expect([...shown.keys()]).toEqual(
      expect.arrayContaining(['GET /api/content', 'GET /api/openapi.json']),
    )
    expect(new Set(shown.values())).toEqual(new Set(['read', undefined]))
  })

  it('when the caller reads some types, then only their schemas are shown and relations into others are any Document', () => {
    const document: Json = openApiDocumentFor(
      { permissions: { read: ['event'], manageWebhooks: true }, types: ['event'] },
      website,
    )
    const schemas = Object.keys(document.components.schemas)
    expect(schemas).toEqual(expect.arrayContaining(['event.Data', 'event.Document']))
    expect(schemas.filter((name) => name.startsWith('article.'))).toEqual([])
    expect(JSON.stringify(document)).not.toContain('article.Document')
    expect(operations(document).get('POST /api/webhooks')).toBe('manageWebhooks')
    expect(operations(document).has('POST /api/content')).toBe(false)
  })

  it('when components are given, then the types are resolved with them and only the components of types the caller reads are shown', () => {
    const field = (name: string, extra: Record<string, unknown> = {}) => ({
      name,
      label: name,
      required: false,
      type: 'text',
      ...extra,
    })
    const page = type('page', [field('seo', { type: 'component', component: 'seo' })])
    const quiz = type('quiz', [field('steps', { type: 'blocks', components: ['step'] })])
    const components = [
      { name: 'seo', fields: [field('title', { required: true })] },
      { name: 'step', fields: [field('question')] },
    ] as unknown as ComponentShape[]
    const document: Json = openApiDocumentFor(
      { permissions: BUILT_IN_ROLES.viewer, types: ['page'] },
      { types: [page, quiz], components, locales: ['en'] },
    )
    const schemas = document.components.schemas
    expect(schemas['seo.ComponentInput'].required).toEqual(['title'])
    expect(Object.keys(schemas).filter((name) => name.startsWith('step.'))).toEqual([])
  })
})
