import type { Context, Middleware } from 'koa'
import type { Logger } from 'pino'
import { bufferedBody } from '../read-cache/buffered-body.ts'
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeyOf } from './idempotency-key.ts'
import type { StoredAnswer } from './idempotency-record.ts'
import { keyReusedError } from './idempotent-requests.ts'
import type { IdempotentRequests } from './idempotent-requests.ts'
import { bodyDigester, mayBeSameBody, sameBody } from './request-body-digest.ts'
import { seenTypesOf } from '../domain/seen-types.ts'

declare module 'koa' {
  interface DefaultState {
    /** Sees each chunk of the request body as the proxy streams it to the service. */
    requestBodyObserver?: (chunk: Buffer) => void
  }
}

export const REPLAYED_HEADER = 'Idempotent-Replayed'

/** The service's headers that belong to the answer itself; the rest are made per response. */
const KEPT_HEADERS = [
  'content-type',
  'content-disposition',
  'content-language',
  'location',
  'etag',
  'last-modified',
  'cache-control',
  'allow',
] as const

/** Larger answers are passed on but not kept (a write's answer is far smaller). */
const MAX_KEPT_BODY_BYTES = 8 * 1024 * 1024

function keptHeaders(ctx: Context): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const name of KEPT_HEADERS) {
    const value = ctx.response.get(name)
    if (value) kept[name] = value
  }
  return kept
}

function replay(ctx: Context, answer: StoredAnswer): void {
  ctx.status = answer.status
  ctx.set(answer.headers)
  ctx.set(REPLAYED_HEADER, 'true')
  ctx.body = answer.body ?? null
}

/**
 * `Idempotency-Key` on the operations the contract says take it, the public POST, PATCH and
 * DELETE (docs/gateway.md, "Idempotency keys"): the first request runs and its answer is kept;
 * a retry with the same request gets that answer again without reaching a service. Answers of 500 and above, and requests that got no answer from
 * the service (the gateway's own refusals, a client that left), give the key up, so a retry
 * runs again. Sits right before the read cache and the proxy.
 */
export function idempotentWrites(deps: {
  requests: IdempotentRequests
  logger: Pick<Logger, 'error'>
}): Middleware {
  return async function idempotentWritesMiddleware(ctx, next) {
    if (!ctx.state.apiRoute?.operation.idempotent) return next()
    const key = idempotencyKeyOf(ctx.req.headers[IDEMPOTENCY_KEY_HEADER])
    if (key === undefined) return next()
    const begun = await deps.requests.begin({
      websiteId: ctx.state.apiKey!.websiteId,
      key,
      method: ctx.method,
      path: `${seenTypesOf(ctx.state.grant)}${ctx.url}`,
    })

    if (begun.kind === 'replay') {
      const expected = begun.record.requestBody!
      const declared = ctx.get('content-length')
      const body =
        declared !== '' && !mayBeSameBody(Number(declared), expected)
          ? { same: false, complete: false }
          : await sameBody(ctx.req, ctx.get('content-type'), expected)
      if (!body.complete) ctx.set('Connection', 'close')
      if (!body.same) throw keyReusedError()
      replay(ctx, begun.record.answer!)
      return
    }

    const digester = bodyDigester(ctx.get('content-type'))
    ctx.state.requestBodyObserver = digester.add
    const release = () =>
      begun.held.release().catch((error: unknown) => {
        deps.logger.error({ err: error }, 'idempotency key not released')
      })
    let body: Buffer | undefined
    try {
      await next()
      if (ctx.res.destroyed || ctx.status >= 500) return await release()
      body = await bufferedBody(ctx)
    } catch (error) {
      await release()
      throw error
    }
    if ((body?.length ?? 0) > MAX_KEPT_BODY_BYTES) return release()
    // The service has answered: failing to keep its answer is logged, not turned into an error.
    await begun.held
      .complete(await digester.digest(), {
        status: ctx.status,
        headers: keptHeaders(ctx),
        ...(body && body.length > 0 && { body }),
      })
      .catch((error: unknown) => {
        deps.logger.error({ err: error }, 'idempotent answer not recorded')
      })
  }
}
