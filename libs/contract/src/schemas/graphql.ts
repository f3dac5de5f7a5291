import { Type } from '@sinclair/typebox'
import type { RawBody } from '../operation-io.ts'

/**
 * A GraphQL request as GraphQL over HTTP says (docs/graphql.md): the endpoint reads it itself,
 * so a malformed one is answered as the specification says rather than by the mount.
 */
export const GraphqlRequestBody: RawBody = {
  mediaType: 'application/json',
  schema: {
    type: 'object',
    required: ['query'],
    properties: {
      query: { type: 'string', description: 'The GraphQL document' },
      operationName: { type: ['string', 'null'] },
      variables: { type: ['object', 'null'] },
      extensions: { type: ['object', 'null'] },
    },
  },
}

/** A GraphQL answer: `data`, and `errors` each with `extensions.code` (the API's error codes). */
export const GraphqlAnswer = Type.Unsafe<Record<string, unknown>>({
  type: 'object',
  description:
    "`{data, errors}`: each error's `extensions.code` is one of the API's error codes and `extensions.details` lists its problems as REST does",
  properties: { data: { type: ['object', 'null'] }, errors: { type: 'array' } },
})

/** The caller's schema as GraphQL SDL (`printSchema`), for code generators. */
export const GraphqlSdl: RawBody = {
  mediaType: 'text/plain',
  schema: { type: 'string', description: "The caller's GraphQL schema in SDL" },
}
