import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import { MAX_COMPONENT_DEPTH, resolveComponents } from '@cms/content-model'
import type { ContentType, FieldDefinition } from '@cms/content-model'
import { buildPublicDocument } from './public-document.ts'

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020

type Json = Record<string, any>
type Field = Partial<FieldDefinition> & Pick<FieldDefinition, 'name' | 'type'>

const field = (definition: Field): FieldDefinition => ({
  label: definition.name,
  required: false,
  ...definition,
})

/** A website's components as written, by name. */
const COMPONENTS: Record<string, FieldDefinition[]> = {
  seo: [
    field({ name: 'title', type: 'text', required: true, maxLength: 60 }),
    field({ name: 'image', type: 'media' }),
  ],
  hero: [
    field({ name: 'heading', type: 'text', required: true }),
    field({ name: 'image', type: 'media' }),
    field({ name: 'seo', type: 'component', component: 'seo' }),
  ],
  quote: [
    field({ name: 'text', type: 'textarea', required: true }),
    field({ name: 'by', type: 'relation', target: 'author' }),
  ],
  cards: [
    field({
      name: 'items',
      type: 'component',
      component: 'card',
      repeatable: true,
      min: 1,
      max: 6,
    }),
  ],
  card: [field({ name: 'label', type: 'text', required: true })],
}

const lookup = (name: string) => (COMPONENTS[name] ? { fields: COMPONENTS[name] } : undefined)

/** A content type as the schema service serves it to the document: its fields resolved. */
const type = (name: string, fields: Field[], extra: Partial<ContentType> = {}): ContentType => ({
  id: name,
  name,
  label: name,
  fields: resolveComponents(fields.map(field), lookup),
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
})

const author = type('author', [{ name: 'name', type: 'text' }])
const landing = type(
  'landing',
  [
    { name: 'title', type: 'text', required: true },
    { name: 'seo', type: 'component', component: 'seo' },
    { name: 'sections', type: 'blocks', components: ['hero', 'quote', 'cards'], max: 20 },
  ],
  { localized: true },
)
const article = type('article', [
  { name: 'seo', type: 'component', component: 'seo', required: true },
  { name: 'specs', type: 'component', component: 'card', repeatable: true, min: 1, max: 3 },
])

const document = (types: ContentType[]): Json =>
  buildPublicDocument({ types, locales: ['en', 'fr'] })

/** An ajv over the whole document, as answer checks use it; `check(name, value)` its errors. */
function checker(doc: Json) {
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }))
  ajv.addSchema({ ...doc, $id: 'doc' })
  return (name: string, value: unknown) => {
    const validate = ajv.getSchema(`doc#/components/schemas/${encodeURIComponent(name)}`)!
    return validate(value) ? [] : validate.errors!.map((error) => error.instancePath)
  }
}

const ID = '00000000-0000-4000-8000-000000000001'
const PAGE = {
  title: 'Home',
  seo: { title: 'Home page', image: ID },
  sections: [
    { __component: 'hero', heading: 'Welcome', image: null, seo: { title: 'Hero' } },
    { __component: 'quote', text: 'Short.', by: ID },
    { __component: 'cards', items: [{ label: 'One' }, { label: 'Two' }] },
  ],
}

describe('OpenAPI data schemas of components and blocks', () => {
  it('when two types use a component, then it is one named schema both $ref, and the document validates', async () => {
    const doc = document([author, landing, article])
    expect((await new Validator().validate(doc)).errors ?? []).toEqual([])
    const schemas = doc.components.schemas
    const names = Object.keys(schemas).filter((name) => name.startsWith('seo.'))
    expect(names).toEqual(['seo.Component', 'seo.ComponentInput'])
    expect(schemas['seo.Component'].properties.title).toMatchObject({
      anyOf: [{ type: 'string', maxLength: 60 }, { type: 'null' }],
    })
    expect(schemas['seo.ComponentInput'].required).toEqual(['title'])
    expect(JSON.stringify(schemas['article.Data'].properties.seo)).toContain(
      '#/components/schemas/seo.Component',
    )
    expect(JSON.stringify(schemas['landing.Data'].properties.seo)).toContain(
      '#/components/schemas/seo.Component',
    )
    expect(schemas['article.Create'].properties.data.properties.seo).toMatchObject({
      allOf: [{ $ref: '#/components/schemas/seo.ComponentInput' }],
      unevaluatedProperties: false,
    })
    // A component nested in a component is a $ref too, not a copy of its fields.
    expect(schemas['hero.Component'].properties.seo.anyOf[0]).toEqual({
      $ref: '#/components/schemas/seo.Component',
    })
  })

  it('when a component is repeatable, then its value is an array of it with minItems and maxItems', () => {
    const schemas = document([article]).components.schemas
    expect(schemas['article.Data'].properties.specs.anyOf[0]).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/card.Component' },
      minItems: 1,
      maxItems: 3,
    })
    const check = checker(document([article]))
    expect(
      check('article.Create', { type: 'article', data: { seo: { title: 'x' }, specs: [] } }),
    ).not.toEqual([])
  })

  it('when a type has a blocks field, then it is an array of oneOf its components with a __component discriminator and mapping', () => {
    const doc = document([author, landing])
    const schemas = doc.components.schemas
    const items = (mode: 'Data' | 'Create') =>
      mode === 'Data'
        ? schemas['landing.Data'].properties.sections.anyOf[0].anyOf[0]
        : schemas['landing.Create'].properties.data.properties.sections.anyOf[0]
    expect(items('Create')).toMatchObject({ type: 'array', maxItems: 20 })
    expect(items('Create').items.discriminator).toEqual({
      propertyName: '__component',
      mapping: {
        hero: '#/components/schemas/hero.BlockInput',
        quote: '#/components/schemas/quote.BlockInput',
        cards: '#/components/schemas/cards.BlockInput',
      },
    })
    expect(items('Data').items.oneOf).toEqual([
      { $ref: '#/components/schemas/hero.Block' },
      { $ref: '#/components/schemas/quote.Block' },
      { $ref: '#/components/schemas/cards.Block' },
    ])
    expect(schemas['quote.Block']).toMatchObject({
      allOf: [{ $ref: '#/components/schemas/quote.Component' }],
      required: ['__component'],
      properties: { __component: { const: 'quote' } },
    })
    // seo is never a block, so it has no block schemas.
    expect(schemas['seo.Block']).toBeUndefined()
  })

  it('when a landing page is written and read, then its data matches the schemas, and a wrong block does not', () => {
    const check = checker(document([author, landing]))
    expect(check('landing.Create', { type: 'landing', data: PAGE })).toEqual([])
    expect(check('landing.Data', PAGE)).toEqual([])
    // Read with locale=*: the blocks field is localized as a whole.
    expect(check('landing.Data', { sections: { en: PAGE.sections, fr: [] } })).toEqual([])
    const written = (sections: unknown[]) =>
      check('landing.Create', { type: 'landing', data: { title: 'x', sections } })
    expect(written([{ __component: 'seo', title: 'not allowed here' }])).not.toEqual([])
    expect(written([{ heading: 'no __component' }])).not.toEqual([])
    expect(written([{ __component: 'quote', text: 'x', colour: 'red' }])).toContain(
      '/data/sections/0',
    )
    expect(written([{ __component: 'quote' }])).not.toEqual([])
    expect(written([{ __component: 'cards', items: [] }])).not.toEqual([])
    expect(
      check('landing.Create', { type: 'landing', data: { title: 'x', seo: { title: 'x', y: 1 } } }),
    ).not.toEqual([])
  })

  it(`when components nest ${MAX_COMPONENT_DEPTH} levels deep, then each level is described once and refers to the next`, async () => {
    const chain = Array.from({ length: MAX_COMPONENT_DEPTH }, (_, i) => `level${i + 1}`)
    chain.forEach((name, i) => {
      const inner = chain[i + 1]
      COMPONENTS[name] = [
        field({ name: 'label', type: 'text' }),
        ...(inner ? [field({ name: 'inner', type: 'blocks', components: [inner, 'card'] })] : []),
      ]
    })
    const deep = type('deep', [
      { name: 'top', type: 'component', component: 'level1' },
      { name: 'again', type: 'component', component: 'level1', repeatable: true },
    ])
    const doc = document([deep])
    expect((await new Validator().validate(doc)).errors ?? []).toEqual([])
    const schemas = doc.components.schemas
    for (const name of chain) expect(schemas[`${name}.Component`]).toBeDefined()
    expect(schemas['level5.Component'].properties.inner).toBeUndefined()
    expect(Object.keys(schemas).filter((name) => name.startsWith('level1.'))).toEqual([
      'level1.Component',
      'level1.ComponentInput',
    ])
    const check = checker(doc)
    const nested = (depth: number): Json =>
      depth === MAX_COMPONENT_DEPTH
        ? { label: `${depth}` }
        : {
            label: `${depth}`,
            inner: [{ __component: `level${depth + 1}`, ...nested(depth + 1) }],
          }
    expect(check('deep.Create', { type: 'deep', data: { top: nested(1) } })).toEqual([])
    expect(check('deep.Data', { top: nested(1), again: [nested(1)] })).toEqual([])
  })

  it('when a text field has a pattern and unique, then pattern is the schema pattern and both are said in the description', () => {
    const doc = document([
      type('product', [
        {
          name: 'sku',
          type: 'text',
          pattern: '^[A-Z]{3}-\\d+$',
          patternMessage: 'like ABC-123',
          unique: true,
        },
        { name: 'code', type: 'text', pattern: '(?i)^abc$' },
        { name: 'rank', type: 'integer', unique: true },
      ]),
    ])
    const data = doc.components.schemas['product.Create'].properties.data.properties
    expect(data.sku.anyOf[0]).toEqual({ type: 'string', pattern: '^[A-Z]{3}-\\d+$' })
    expect(data.sku.description).toContain('like ABC-123')
    expect(data.sku.description).toContain('Unique')
    expect(data.rank.description).toContain('Unique')
    // An RE2 expression JavaScript cannot compile is only described, so validators load it.
    expect(data.code.anyOf[0]).toEqual({ type: 'string' })
    expect(data.code.description).toContain('(?i)^abc$')
    const check = checker(doc)
    expect(check('product.Create', { type: 'product', data: { sku: 'ABC-1' } })).toEqual([])
    expect(check('product.Create', { type: 'product', data: { sku: 'abc' } })).not.toEqual([])
  })
})
