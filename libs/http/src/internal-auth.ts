import { createHash, timingSafeEqual } from 'node:crypto'
import type { Middleware } from 'koa'
import { UnauthorizedError } from '@cms/errors'

/** Headers the gateway adds on every internal call; the gateway strips any a client sent. */
export const INTERNAL_HEADERS = {
  token: 'x-internal-token',
  websiteId: 'x-website-id',
  keyId: 'x-key-id',
  scope: 'x-key-scope',
} as const

export const KEY_SCOPES = ['read', 'admin'] as const
export type KeyScope = (typeof KEY_SCOPES)[number]

/** Who is calling, as vouched for by the gateway. */
export interface Caller {
  websiteId: string
  keyId: string
  scope: KeyScope
}

declare module 'koa' {
  interface DefaultState {
    caller: Caller
  }
}

const digest = (value: string): Buffer => createHash('sha256').update(value).digest()

export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected))
}

export function internalHeaders(token: string, caller: Caller): Record<string, string> {
  return {
    [INTERNAL_HEADERS.token]: token,
    [INTERNAL_HEADERS.websiteId]: caller.websiteId,
    [INTERNAL_HEADERS.keyId]: caller.keyId,
    [INTERNAL_HEADERS.scope]: caller.scope,
  }
}

/**
 * Accepts only requests that carry the internal credential. The website id, key id and scope
 * come from the gateway's headers and from nowhere else.
 */
export function requireInternalCaller(token: string): Middleware {
  return async function requireInternalCallerMiddleware(ctx, next) {
    if (!sameSecret(ctx.get(INTERNAL_HEADERS.token), token)) {
      throw new UnauthorizedError('Internal credential missing or wrong')
    }
    const websiteId = ctx.get(INTERNAL_HEADERS.websiteId)
    const keyId = ctx.get(INTERNAL_HEADERS.keyId)
    const scope = ctx.get(INTERNAL_HEADERS.scope)
    if (!websiteId || !keyId || !(KEY_SCOPES as readonly string[]).includes(scope)) {
      throw new UnauthorizedError('Internal call without a caller')
    }
    ctx.state.caller = { websiteId, keyId, scope: scope as KeyScope }
    await next()
  }
}
