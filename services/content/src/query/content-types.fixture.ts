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
