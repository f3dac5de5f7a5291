import type { ContentType, FieldDefinition, FieldType, LocaleDefinition } from '@cms/content-model'
import { DEFAULT_LOCALES, isContentTypeName } from '@cms/content-model'
import { createInternalClient } from '@cms/http'
import type { ContentTypeSource } from '../document/content-type-source.ts'

/** One field as the schema service declares it, with its components' fields resolved. */
interface FieldDeclaration {
  name: string
  type: FieldType
  target?: string
  many?: boolean
  localized?: boolean
  component?: string
  repeatable?: boolean
  components?: string[]
  fields?: FieldDeclaration[]
  blocks?: Array<{ name: string; fields: FieldDeclaration[] }>
}

interface Declarations {
  name: string
  fields: FieldDeclaration[]
}

/** A declaration as a field definition; inside components, `localized` is the component's. */
function declaredField(field: FieldDeclaration): FieldDefinition {
  const { localized, fields, blocks, ...declared } = field
  return {
    ...declared,
    label: field.name,
    required: false,
    // A shared field of a localized type says so, as its definition does.
    ...(localized ? {} : { localized: false }),
    ...(fields && { fields: fields.map(declaredField) }),
    ...(blocks && {
      blocks: blocks.map((shape) => ({
        name: shape.name,
        fields: shape.fields.map(declaredField),
      })),
    }),
  }
}

/**
 * A type as list queries see it: its name, its fields' names and types, where relation
 * fields point, and the fields of its components (resolved). Labels, options and bounds are not
 * fetched; nothing that resolves query field names reads them.
 */
function declaredType(declared: Declarations): ContentType {
  return {
    id: '',
    name: declared.name,
    label: declared.name,
    ...(declared.fields.some((field) => field.localized) ? { localized: true } : {}),
    fields: declared.fields.map(declaredField),
    version: 0,
    createdAt: '',
    updatedAt: '',
  }
}

/**
 * One type with the website's locales (an `_id` read there; revalidated with the ETag it came
 * with), and the website's field declarations and locales, from the schema service's internal
 * paths, as the same caller.
 */
export function createSchemaClient(options: {
  baseUrl: string
  internalToken: string
  timeoutMs?: number
}): ContentTypeSource {
  const client = createInternalClient({
    service: 'schema',
    baseUrl: options.baseUrl,
    internalToken: options.internalToken,
    timeoutMs: options.timeoutMs ?? 5000,
  })
  return {
    async get(caller, name, etag) {
      if (!isContentTypeName(name)) return undefined
      const answer = await client.get(
        caller,
        `/internal/content-types/${encodeURIComponent(name)}`,
        etag === undefined ? {} : { 'if-none-match': etag },
      )
      if (answer.status === 304) return 'unchanged'
      if (answer.status !== 200) return undefined
      const served = answer.headers.get('etag')
      const body = answer.body as { type: ContentType; locales: LocaleDefinition[] }
      return { type: body.type, locales: body.locales, ...(served && { etag: served }) }
    },
    async list(caller) {
      const answer = await client.get(caller, '/internal/field-declarations')
      const body = answer.body as
        { docs?: Declarations[]; locales?: LocaleDefinition[] } | undefined
      return {
        types: (body?.docs ?? []).map(declaredType),
        locales: body?.locales ?? [...DEFAULT_LOCALES],
      }
    },
  }
}
