import type { ContentType, FieldDefinition, FieldType } from '@cms/content-model'

export const field = (name: string, type: FieldType): FieldDefinition => ({
  name,
  label: name,
  type,
  required: false,
})

/** A relation field to `target` (a list of them with `many`). */
export const relation = (name: string, target: string, many = false): FieldDefinition => ({
  ...field(name, 'relation'),
  target,
  many,
})

export function contentType(name: string, fields: FieldDefinition[]): ContentType {
  const at = '2024-01-01T00:00:00.000Z'
  return { id: `id-${name}`, name, label: name, fields, version: 1, createdAt: at, updatedAt: at }
}

/** A type with a field of every kind, and one that declares some of the same names differently. */
export const POST = contentType('post', [
  field('title', 'text'),
  field('summary', 'textarea'),
  field('tags', 'tags'),
  field('views', 'integer'),
  field('rating', 'number'),
  field('featured', 'boolean'),
  field('day', 'date'),
  field('at', 'datetime'),
  field('body', 'richText'),
  field('meta', 'json'),
  field('contact', 'email'),
  field('status', 'select'),
])

export const PRODUCT = contentType('product', [
  field('title', 'textarea'),
  field('views', 'number'),
])

export const CONTENT_TYPES: readonly ContentType[] = [POST, PRODUCT]

/** A component field as the schema service serves it: resolved, with the component's fields. */
export const component = (
  name: string,
  fields: FieldDefinition[],
  options: { repeatable?: boolean; localized?: boolean } = {},
): FieldDefinition => ({
  ...field(name, 'component'),
  component: `${name}-component`,
  ...options,
  fields,
})

/** A blocks field as the schema service serves it: each allowed component with its fields. */
export const blocks = (
  name: string,
  shapes: Record<string, FieldDefinition[]>,
): FieldDefinition => ({
  ...field(name, 'blocks'),
  components: Object.keys(shapes),
  blocks: Object.entries(shapes).map(([shape, fields]) => ({ name: shape, fields })),
})

/** A landing page: an SEO component, a repeatable list of cards, and blocks. */
export const PAGE = contentType('page', [
  field('title', 'text'),
  component('seo', [
    field('title', 'text'),
    field('score', 'integer'),
    field('image', 'media'),
    relation('author', 'post'),
    component('og', [field('title', 'text')]),
    component('links', [field('url', 'url')], { repeatable: true }),
  ]),
  component('cards', [field('label', 'text'), relation('post', 'post')], { repeatable: true }),
  blocks('sections', {
    hero: [field('heading', 'text'), field('image', 'media')],
    quote: [field('text', 'textarea'), relation('by', 'post')],
  }),
])
