/** The pages a person reaches without a session, and everything else (`app`). */
export type SessionRoute =
  | { page: 'sign-in'; problem?: string; returnTo?: string }
  | { page: 'invitation'; token: string }
  | { page: 'reset'; token: string }
  | { page: 'bootstrap'; token: string }
  | { page: 'app' }

export const SIGN_IN_HASH = '#/sign-in'

/** Only a route of this page is a place to return to (never another site). */
export const isPanelHash = (hash: string): boolean => /^#\/[^/]/.test(hash) || hash === '#/'

/**
 * `#/sign-in[?problem=…&return=#/…]`, `#/invitation/<token>`, `#/reset/<token>`,
 * `#/bootstrap/<token>`. The tokens are in the fragment, which the browser never sends.
 */
export function parseSessionRoute(hash: string): SessionRoute {
  const mark = hash.indexOf('?')
  const path = mark < 0 ? hash : hash.slice(0, mark)
  const search = mark < 0 ? '' : hash.slice(mark + 1)
  const [, section, token] = path.split('/')
  if (path === SIGN_IN_HASH) {
    const query = new URLSearchParams(search)
    const problem = query.get('problem') || undefined
    const returnTo = query.get('return') ?? undefined
    return {
      page: 'sign-in',
      ...(problem ? { problem } : {}),
      ...(returnTo && isPanelHash(returnTo) ? { returnTo } : {}),
    }
  }
  if (token && (section === 'invitation' || section === 'reset' || section === 'bootstrap'))
    return { page: section, token: decodeURIComponent(token) }
  return { page: 'app' }
}

/** The sign-in page, coming back to `returnTo` once signed in. */
export function signInHref(returnTo: string): string {
  const back = isPanelHash(returnTo) && !returnTo.startsWith(SIGN_IN_HASH) ? returnTo : ''
  return back ? `${SIGN_IN_HASH}?return=${encodeURIComponent(back)}` : SIGN_IN_HASH
}
