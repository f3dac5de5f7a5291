import type { FieldDefinition } from '@cms/content-model'

const field = (name: string, type: FieldDefinition['type'], more: Partial<FieldDefinition> = {}) =>
  ({ name, label: name, type, required: false, ...more }) as FieldDefinition

/**
 * A landing page's fields as the schema service serves them (components resolved): an SEO group
 * with an image, repeatable specs, and blocks of heroes, quotes and grids of cards.
 */
export const LANDING_FIELDS: FieldDefinition[] = [
  field('title', 'text', { required: true }),
  field('author', 'relation', { target: 'person' }),
  field('seo', 'component', {
    component: 'seo',
    fields: [field('title', 'text', { required: true }), field('image', 'media')],
  }),
  field('specs', 'component', {
    component: 'spec',
    repeatable: true,
    fields: [field('label', 'text'), field('source', 'relation', { target: 'person' })],
  }),
  field('sections', 'blocks', {
    components: ['hero', 'quote', 'grid'],
    blocks: [
      { name: 'hero', fields: [field('heading', 'text'), field('image', 'media')] },
      {
        name: 'quote',
        fields: [field('text', 'textarea'), field('by', 'relation', { target: 'person' })],
      },
      {
        name: 'grid',
        fields: [
          field('cards', 'component', {
            component: 'card',
            repeatable: true,
            fields: [field('title', 'text'), field('gallery', 'media', { many: true })],
          }),
        ],
      },
    ],
  }),
]
