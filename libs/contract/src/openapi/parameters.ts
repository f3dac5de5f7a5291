import type { TObject, TSchema } from '@sinclair/typebox'
import { plain } from './operation.ts'
import type { Parameter } from './operation.ts'

const isObjectSchema = (schema: Record<string, unknown>): boolean =>
  schema.type === 'object' ||
  (Array.isArray(schema.anyOf) &&
    (schema.anyOf as Record<string, unknown>[]).some((branch) => branch.type === 'object'))

/**
 * The query parameters a query schema of the contract describes: one per member, the
 * bracket forms (`filters[...]`, `pagination[...]`, `populate[...]`) as deepObject.
 */
export function queryParameters(schema: TObject): Parameter[] {
  const required = new Set((schema.required ?? []) as string[])
  return Object.entries(schema.properties as Record<string, TSchema>).map(([name, member]) => {
    const json = plain(member)
    const { description, ...rest } = json
    return {
      name,
      in: 'query',
      ...(typeof description === 'string' && { description }),
      ...(required.has(name) && { required: true }),
      schema: rest,
      ...(isObjectSchema(json) && { style: 'deepObject', explode: true }),
    }
  })
}

export const ifMatchHeader: Parameter = {
  name: 'If-Match',
  in: 'header',
  description: 'The ETag last read: a stale one is 412 and changes nothing',
  schema: { type: 'string' },
}

export const idempotencyKeyHeader: Parameter = {
  name: 'Idempotency-Key',
  in: 'header',
  description:
    'Repeating the request with the same key (24 h, per website) answers the first answer again and changes nothing',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
}

export const ifNoneMatchHeader: Parameter = {
  name: 'If-None-Match',
  in: 'header',
  description: 'An ETag read before: 304 while it is current',
  schema: { type: 'string' },
}

export const lastEventIdHeader: Parameter = {
  name: 'Last-Event-ID',
  in: 'header',
  description: 'The id of the last event received: the changes after it are replayed first',
  schema: { type: 'string', pattern: '^[0-9]{1,15}$' },
}
