import type { Static, TObject, TSchema } from '@sinclair/typebox'

/**
 * A body the service reads itself, not JSON (an upload's parts, an export's lines): its media
 * type, and how the documents describe it.
 */
export interface RawBody {
  mediaType: string
  schema: Readonly<Record<string, unknown>>
}

/** What a call sends: the shape of its path parameters, the query parameters it takes, its body. */
export interface OperationInput {
  /**
   * Path parameters that have a shape (a document id is a UUID), checked where the operation is
   * mounted: one that does not fit names nothing, so the answer is 404 with `notFound`.
   */
  params?: TObject
  /** The 404's message when a path parameter does not fit; `{name}` is that parameter's value. */
  notFound?: string
  /**
   * Every query parameter the operation reads, as `qs` parses them (bracket forms are objects),
   * checked where the operation is mounted before its handler runs.
   */
  query?: TObject
  /** The message of the 422 that lists the query's problems (default: a lone problem's own). */
  queryInvalid?: string
  /** A JSON body, checked before the handler runs; or a raw body its handler reads. */
  body?: TSchema | RawBody
  /** A body the call may leave out (the handler then gets none). */
  bodyRequired?: false
  /** The message of the 422 that lists a JSON body's problems. */
  invalid?: string
}

/** The answers of a success, by status: a JSON body's schema, null for none, or a raw body. */
export type OperationAnswer = Readonly<Record<number, TSchema | RawBody | null>>

/** An operation's input and answers, as a contract entry names them. */
export interface OperationIo {
  input?: OperationInput
  answer: OperationAnswer
}

export const isRawBody = (body: TSchema | RawBody): body is RawBody =>
  'mediaType' in body && typeof body.mediaType === 'string'

type Inputs<Op> = Op extends { input: infer I } ? I : Record<never, never>

type SentBody<I> = I extends { body: infer B }
  ? B extends RawBody
    ? unknown
    : B extends TSchema
      ? Static<B>
      : undefined
  : undefined

/** The body an operation takes, as the handler receives it and a client sends it. */
export type BodyOf<Op> =
  Inputs<Op> extends { bodyRequired: false }
    ? SentBody<Inputs<Op>> | undefined
    : SentBody<Inputs<Op>>

/** The query parameters an operation takes. */
export type QueryOf<Op> =
  Inputs<Op> extends { query: infer Q extends TSchema } ? Static<Q> : Record<never, never>

/** The path parameters an operation declares a shape for, as checked. */
export type ParamsOf<Op> =
  Inputs<Op> extends { params: infer P extends TSchema } ? Static<P> : Record<never, never>

/** The body of an operation's success answer (the first status it lists). */
export type AnswerOf<Op> = Op extends { answer: infer A }
  ? A[keyof A] extends infer S
    ? S extends TSchema
      ? Static<S>
      : S extends null
        ? undefined
        : unknown
    : never
  : unknown
