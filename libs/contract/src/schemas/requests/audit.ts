import { Type } from '@sinclair/typebox'
import type { Static } from '@sinclair/typebox'
import { PageQuery } from './queries.ts'
import { StringEnum } from './schema-helpers.ts'

const Text = (description: string) => Type.Optional(Type.String({ maxLength: 200, description }))
const Time = (description: string) =>
  Type.Optional(Type.String({ format: 'date-time', description }))

const auditFilters = {
  actor: Text("The actor's id (a key's or a person's)"),
  action: Text('The action, e.g. key.create'),
  targetKind: Text('The kind of target, e.g. key'),
  target: Text("The target's id"),
  from: Time('Entries at or after this time'),
  to: Time('Entries before this time'),
  order: Type.Optional(
    StringEnum(['asc', 'desc'] as const, {
      description: 'desc (newest first, the default) or asc',
    }),
  ),
  ...PageQuery.properties,
}

/** GET /api/audit: a website's entries, filtered. */
export const AuditQuery = Type.Object(auditFilters, { additionalProperties: false })
export type AuditQuery = Static<typeof AuditQuery>

/** GET /admin/api/audit: one chain's entries (a website's, or the platform's). */
export const AdminAuditQuery = Type.Object(
  {
    chain: Type.Optional(
      Type.String({ maxLength: 64, description: 'A website id, or platform (the default)' }),
    ),
    ...auditFilters,
  },
  { additionalProperties: false },
)
export type AdminAuditQuery = Static<typeof AdminAuditQuery>

/** GET /admin/api/audit/head. */
export const AuditHeadQuery = Type.Object(
  {
    chain: Type.Optional(Type.String({ maxLength: 64, description: 'A website id, or platform' })),
  },
  { additionalProperties: false },
)
