import { Type } from '@sinclair/typebox'
import type { Static } from '@sinclair/typebox'
import { OrNull, Timestamp } from './common.ts'

/** One entry of the audit log (docs/audit.md), every member its hash covers. */
export const AuditEntry = Type.Object(
  {
    id: Type.String(),
    time: Timestamp,
    chain: Type.String({ description: 'The website id, or platform' }),
    seq: Type.Integer({ minimum: 1, description: 'Its place in the chain' }),
    actor: Type.Object(
      {
        kind: Type.Union(
          ['key', 'person', 'operator', 'system', 'anonymous'].map((kind) => Type.Literal(kind)),
        ),
        id: OrNull(Type.String()),
        name: Type.Optional(Type.String()),
      },
      { additionalProperties: false },
    ),
    action: Type.String(),
    target: Type.Optional(
      Type.Object(
        {
          kind: Type.String(),
          id: Type.Optional(Type.String()),
          type: Type.Optional(Type.String()),
          version: Type.Optional(Type.Integer()),
        },
        { additionalProperties: false },
      ),
    ),
    outcome: Type.Union([Type.Literal('success'), Type.Literal('failure')]),
    requestId: Type.Optional(Type.String()),
    traceId: Type.Optional(Type.String()),
    address: Type.Optional(Type.String()),
    userAgent: Type.Optional(Type.String()),
    changes: Type.Optional(Type.Array(Type.String(), { description: 'The members changed' })),
    importedFrom: Type.Optional(
      Type.Object(
        { chain: Type.String(), seq: Type.Integer({ minimum: 0 }), hash: Type.String() },
        {
          additionalProperties: false,
          description: "An import's entry: the head of the chain its entries came from",
        },
      ),
    ),
    previousHash: Type.String({ description: 'SHA-256 of the entry before (64 zeros: none)' }),
    hash: Type.String({ description: 'SHA-256 of this entry without its hash' }),
  },
  { additionalProperties: false },
)
export type AuditEntry = Static<typeof AuditEntry>

/** The last entry of a chain: keep it elsewhere, and a chain cut short is found. */
export const AuditHead = Type.Object(
  {
    chain: Type.String(),
    seq: Type.Integer({ minimum: 0, description: '0: no entry yet' }),
    hash: Type.String(),
    sweptThrough: Type.Optional(
      Type.Object(
        { seq: Type.Integer({ minimum: 1 }), hash: Type.String() },
        {
          additionalProperties: false,
          description:
            'The retention sweep removed the entries up to this one: the kept chain starts after it',
        },
      ),
    ),
  },
  { additionalProperties: false },
)
export type AuditHead = Static<typeof AuditHead>
