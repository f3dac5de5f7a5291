import type { Context } from 'koa'

/** The session cookie: its value is the session's id, which Redis keeps as a hash only. */
export const SESSION_COOKIE = 'cms_session'

/** `HttpOnly`, `SameSite=Lax`, and `Secure` whenever the gateway is reached over https. */
export function setSessionCookie(ctx: Context, id: string, maxAgeSeconds: number): void {
  ctx.cookies.set(SESSION_COOKIE, id, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    path: '/',
    maxAge: maxAgeSeconds * 1000,
    overwrite: true,
  })
}

export function clearSessionCookie(ctx: Context): void {
  ctx.cookies.set(SESSION_COOKIE, '', {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    path: '/',
    maxAge: 0,
    overwrite: true,
  })
}

export const sessionIdOf = (ctx: Context): string | undefined =>
  ctx.cookies.get(SESSION_COOKIE) || undefined
