import type { ContentType, FieldDefinition } from '@cms/content-model'

/** One field of every kind (and options of each), as a type definition's `fields`. */
export const EVERY_FIELD: readonly Omit<FieldDefinition, 'label' | 'required'>[] = [
  { name: 'title', type: 'text', maxLength: 200 },
  { name: 'summary', type: 'textarea' },
  { name: 'body', type: 'richText' },
  { name: 'tags', type: 'tags' },
  { name: 'price', type: 'number', min: 0 },
  { name: 'stock', type: 'integer', min: 0, max: 1000 },
  { name: 'onSale', type: 'boolean' },
  { name: 'day', type: 'date' },
  { name: 'at', type: 'datetime' },
  { name: 'contact', type: 'email' },
  { name: 'site', type: 'url' },
  { name: 'size', type: 'select', options: ['s', 'm', 'l'] },
  { name: 'extra', type: 'json' },
  { name: 'author', type: 'relation', target: 'author' },
  { name: 'related', type: 'relation', target: 'product', many: true },
  { name: 'image', type: 'media' },
  { name: 'gallery', type: 'media', many: true },
]

const NOW = '2026-01-01T00:00:00.000Z'

/** Content types as the schema service holds them: a localized product with every field kind. */
export function everyFieldKind(): ContentType[] {
  const field = (definition: Omit<FieldDefinition, 'label' | 'required'>): FieldDefinition => ({
    label: definition.name,
    required: definition.name === 'title',
    ...definition,
  })
  return [
    {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'author',
      label: 'Author',
      titleField: 'name',
      fields: [field({ name: 'name', type: 'text' })],
      version: 1,
      createdAt: NOW,
      updatedAt: NOW,
    },
    {
      id: '00000000-0000-4000-8000-000000000002',
      name: 'product',
      label: 'Product',
      titleField: 'title',
      localized: true,
      fields: EVERY_FIELD.map(field).map((definition) =>
        definition.name === 'price' ? { ...definition, localized: false } : definition,
      ),
      version: 1,
      createdAt: NOW,
      updatedAt: NOW,
    },
  ]
}
