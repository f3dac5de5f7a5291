import type { Context } from 'koa'
import { createHandler } from 'graphql-http'
import type { HandlerOptions, ParseRequestParams, Request } from 'graphql-http'
import { GraphQLError, specifiedRules, validate } from 'graphql'
import type { ValidationRule } from 'graphql'
import { boundedTags, surrogateKeyOf } from '@cms/contract'
import { AppError } from '@cms/errors'
import type { Logger } from '@cms/logger'
import type { Caller } from '@cms/http'
import type { DocumentLoaders } from './document-loaders.ts'
import { createDocumentLoaders } from './document-loaders.ts'
import type { GraphqlContext } from './graphql-context.ts'
import type { CallOperation, RequestCaller } from './operation-caller.ts'
import type { SchemaCache } from './schema-cache.ts'
import { readWebsiteModel } from './website-model.ts'
import { requestBodyText } from './request-body.ts'
import { requestCallerOf } from './request-caller.ts'
import { shareableAnswerTags } from './answer-tags.ts'
import { newCallRecord } from './operation-caller.ts'

/** What the endpoint knows of a request beside its text: who calls, for which website. */
export interface EndpointRequestContext {
  websiteId: string
  caller: RequestCaller
}

export type GraphqlRequest = Request<Context['req'], EndpointRequestContext>

/**
 * Where the limits and persisted queries hook in (docs/graphql.md): rules validated beside
 * GraphQL's own for each request, and the step that turns a request into its query text
 * (graphql-http's own parsing when absent).
 */
export interface EndpointHooks {
  validationRules?: (
    req: GraphqlRequest,
    variables: Readonly<Record<string, unknown>>,
  ) => readonly ValidationRule[]
  resolveQueryText?: ParseRequestParams<Context['req'], EndpointRequestContext>
}

export interface EndpointDeps extends EndpointHooks {
  schemas: SchemaCache
  /** Calls public operations for a request's caller (operation-caller.ts). */
  callerOf: (caller: RequestCaller) => CallOperation
  contentChanged: (websiteId: string) => Promise<void>
  /** The website's quotas, which the services hold writes to (docs/gateway.md, "Quotas"). */
  quotasOf?: (websiteId: string) => Promise<NonNullable<Caller['quotas']>>
  bodyLimitBytes: number
  /** Where an unexpected failure is logged; the client is told only `INTERNAL_ERROR`. */
  logger?: Pick<Logger, 'error'>
}

/** `error` with other extensions, where it was found kept. */
const withExtensions = (error: GraphQLError, message: string, extensions: object) =>
  new GraphQLError(message, {
    ...(error.nodes && { nodes: error.nodes }),
    ...(error.source && { source: error.source }),
    ...(error.positions && { positions: error.positions }),
    ...(error.path && { path: error.path }),
    extensions: { ...error.extensions, ...extensions },
  })

/**
 * An error as GraphQL shows it: a refusal of the API with its `extensions.code` and `details`;
 * GraphQL's own refusals (syntax, validation) as `VALIDATION_ERROR`, the bad input a 422 is in
 * REST; anything else as `INTERNAL_ERROR` without its message.
 */
export function formatError(
  error: Readonly<GraphQLError | Error>,
  logger?: Pick<Logger, 'error'>,
): GraphQLError | Error {
  if (!(error instanceof GraphQLError)) return error
  const original = error.originalError
  if (original instanceof AppError)
    return withExtensions(error, original.message, {
      code: original.code,
      ...(original.details && { details: original.details }),
    })
  if (original && !(original instanceof GraphQLError)) {
    logger?.error({ err: original, path: error.path }, 'graphql resolver failed')
    return withExtensions(error, 'Internal error', { code: 'INTERNAL_ERROR' })
  }
  if (error.extensions.code === undefined)
    return withExtensions(error, error.message, { code: 'VALIDATION_ERROR' })
  return error
}

/**
 * Answers a GraphQL request (GraphQL over HTTP, graphql-http's handler), after the API
 * pipeline authenticated the caller, counted the request and took its idempotency key.
 */
export function graphqlEndpoint(deps: EndpointDeps): (ctx: Context) => Promise<void> {
  type Options = HandlerOptions<Context['req'], EndpointRequestContext, GraphqlContext>
  const schema: NonNullable<Options['schema']> = async (req, args) => {
    const { websiteId, caller } = req.context
    // The schema is cached: its reads are not what the answer shows.
    const read = () => readWebsiteModel(deps.callerOf({ ...caller, record: undefined }))
    const found = await deps.schemas.schemaFor(websiteId, caller.permissions, read)
    // A type changed a moment ago may not have been announced yet: a document the cached schema
    // refuses is checked once more against a fresh read before it is refused.
    if (found.fresh || validate(found.schema, args.document, specifiedRules).length === 0)
      return found.schema
    return deps.schemas.recheck(websiteId, caller.permissions, read, found.schema)
  }
  const handler = createHandler<Context['req'], EndpointRequestContext, GraphqlContext>({
    schema,
    context: (req) => {
      const call = deps.callerOf(req.context.caller)
      const loaders: DocumentLoaders = createDocumentLoaders(call)
      return {
        call,
        loaders,
        reads: new Map(),
        contentChanged: () => deps.contentChanged(req.context.websiteId),
      }
    },
    validationRules: (req, args, rules) => [
      ...rules,
      ...(deps.validationRules?.(req, args.variableValues ?? {}) ?? []),
    ],
    ...(deps.resolveQueryText && { parseRequestParams: deps.resolveQueryText }),
    formatError: (error) => formatError(error, deps.logger),
  })
  return async function serveGraphql(ctx) {
    const key = ctx.state.apiKey!
    const record = newCallRecord()
    const caller = { ...(await requestCallerOf(ctx, deps.quotasOf)), record }
    let text: Promise<string> | undefined
    const [body, init] = await handler({
      method: ctx.method,
      url: ctx.url,
      headers: ctx.req.headers,
      body: () => (text ??= requestBodyText(ctx, deps.bodyLimitBytes)),
      raw: ctx.req,
      context: { websiteId: key.websiteId, caller },
    })
    ctx.status = init.status
    if (init.headers) ctx.set(init.headers)
    const tags = shareableAnswerTags(ctx.method, init.status, body, record)
    if (tags) ctx.set('Surrogate-Key', surrogateKeyOf(boundedTags(key.websiteId, tags)))
    // As bytes, like a service's answer, so an idempotency record keeps it.
    // graphql-http answers 405, 406 and 415 without a body; koa would make a null body a 204.
    if (body !== null) ctx.body = Buffer.from(body)
  }
}
