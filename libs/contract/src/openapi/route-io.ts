import { isRawBody } from '../operation-io.ts'
import type { OperationAnswer, OperationIo } from '../operation-io.ts'
import { plain, ref } from './operation.ts'
import type { RouteDoc, RouteSpec } from './operation.ts'
import { queryParameters } from './parameters.ts'

type Json = Record<string, unknown>

/** What a document says of an operation that its contract entry does not: prose, headers, errors. */
export type RouteProse = Omit<RouteDoc, 'body' | 'bodyMediaType' | 'bodyRequired' | 'ok'>

/** A schema as the document holds it: a `$ref` when it is one of `components`, else inline. */
function schemaJson(schema: object, components: Readonly<Record<string, unknown>>): Json {
  const name = Object.keys(components).find((key) => components[key] === schema)
  return name ? ref(name) : plain(schema as Json)
}

/** An answer as `OperationSpec.ok` takes it: no body, another media type, or a JSON schema. */
function answerJson(answer: OperationAnswer[number]) {
  if (answer === null || answer === undefined) return null
  return isRawBody(answer)
    ? { mediaType: answer.mediaType, schema: plain(answer.schema) }
    : plain(answer)
}

/**
 * An operation's route in a document: the prose of `doc`, and its query parameters, body and
 * answers from the contract's `io`, each body a `$ref` to the document's `components` when it is
 * one of them. Query parameters come after the idempotency header, header parameters after them.
 */
export function routeOf(
  io: OperationIo,
  doc: RouteProse,
  components: Readonly<Record<string, unknown>>,
  idempotency: RouteSpec['parameters'] = [],
): Omit<RouteSpec, 'method' | 'pattern' | 'access'> {
  const body = io.input?.body
  return {
    ...doc,
    parameters: [
      ...(idempotency ?? []),
      ...(io.input?.query ? queryParameters(io.input.query) : []),
      ...(doc.parameters ?? []),
    ],
    ...(body && {
      body: schemaJson(isRawBody(body) ? body.schema : body, components),
      ...(isRawBody(body) && { bodyMediaType: body.mediaType }),
    }),
    ...(io.input?.bodyRequired === false && { bodyRequired: false }),
    ok: Object.fromEntries(
      Object.entries(io.answer).map(([status, answer]) => [status, answerJson(answer)]),
    ) as RouteSpec['ok'],
  }
}
