import type { Context } from 'koa'
import type { Caller } from '@cms/http'
import type { RequestCaller } from './operation-caller.ts'

/** The website's quotas, forwarded with each call the request makes (docs/gateway.md). */
export type QuotasOf = (websiteId: string) => Promise<NonNullable<Caller['quotas']>>

/** Who calls, as the API pipeline authenticated them: what every operation call carries. */
export async function requestCallerOf(ctx: Context, quotasOf?: QuotasOf): Promise<RequestCaller> {
  const key = ctx.state.apiKey!
  const quotas = await quotasOf?.(key.websiteId)
  return {
    caller: quotas ? { ...ctx.state.caller, quotas } : ctx.state.caller,
    permissions: key.permissions,
    requestId: ctx.state.requestId,
    traceparent: ctx.state.trace.traceparent,
  }
}
