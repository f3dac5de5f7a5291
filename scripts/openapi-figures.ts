/**
 * Figures of the OpenAPI documents (docs/schema.md, "OpenAPI"): the size of a website's
 * document with 10 content types of 15 fields each (every field kind, half of them localized),
 * and the time to build it, median of 50 builds in this process.
 *
 *   npx tsx scripts/openapi-figures.ts
 */
import { gzipSync } from 'node:zlib'
import { buildAdminDocument, buildPublicDocument } from '@cms/contract/openapi'
import type { ContentType, FieldDefinition } from '@cms/content-model'

const NOW = new Date().toISOString()

const FIELDS: FieldDefinition[] = [
  { name: 'title', label: 'Title', type: 'text', required: true },
  { name: 'summary', label: 'Summary', type: 'textarea', required: false },
  { name: 'body', label: 'Body', type: 'richText', required: false },
  { name: 'tags', label: 'Tags', type: 'tags', required: false },
  { name: 'price', label: 'Price', type: 'number', required: false, min: 0 },
  { name: 'stock', label: 'Stock', type: 'integer', required: false },
  { name: 'visible', label: 'Visible', type: 'boolean', required: false },
  { name: 'day', label: 'Day', type: 'date', required: false },
  { name: 'at', label: 'At', type: 'datetime', required: false },
  { name: 'contact', label: 'Contact', type: 'email', required: false },
  { name: 'site', label: 'Site', type: 'url', required: false },
  { name: 'size', label: 'Size', type: 'select', required: false, options: ['s', 'm', 'l'] },
  { name: 'extra', label: 'Extra', type: 'json', required: false },
  { name: 'related', label: 'Related', type: 'relation', required: false, many: true },
  { name: 'image', label: 'Image', type: 'media', required: false },
]

const types: ContentType[] = Array.from({ length: 10 }, (_, i) => ({
  id: crypto.randomUUID(),
  name: `type-${i}`,
  label: `Type ${i}`,
  localized: i % 2 === 0,
  titleField: 'title',
  fields: FIELDS.map((field) =>
    field.type === 'relation' ? { ...field, target: 'type-0' } : field,
  ),
  version: 1,
  createdAt: NOW,
  updatedAt: NOW,
}))

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

const timings: number[] = []
let text = ''
for (let i = 0; i < 50; i++) {
  const started = performance.now()
  text = JSON.stringify(buildPublicDocument({ types, locales: ['en', 'fr', 'de'] }))
  timings.push(performance.now() - started)
}
const empty = JSON.stringify(buildPublicDocument())
const admin = JSON.stringify(buildAdminDocument())
const kb = (s: string) => `${(Buffer.byteLength(s) / 1024).toFixed(0)} KiB`
const gz = (s: string) => `${(gzipSync(s).length / 1024).toFixed(0)} KiB gzipped`
console.log(
  `website with 10 types: ${kb(text)} (${gz(text)}), built and serialized in ${median(timings).toFixed(1)} ms (median of 50)`,
)
console.log(`website without types: ${kb(empty)} (${gz(empty)})`)
console.log(`admin document: ${kb(admin)} (${gz(admin)})`)
