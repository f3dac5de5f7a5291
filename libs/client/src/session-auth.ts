/**
 * A person's session in a browser: the `cms_session` cookie travels by itself (same-origin
 * fetch), and every write carries the session's CSRF token, which a page of another origin
 * cannot read.
 */
export interface SessionAuth {
  /** `csrfToken` of the session's answer (`GET /auth/session`). */
  csrfToken: string
}

export const CSRF_HEADER = 'x-csrf-token'

/** The transport's write headers of a session whose CSRF token `current()` answers. */
export const csrfHeaders = (current: () => string | undefined) => (): Record<string, string> => {
  const token = current()
  return token === undefined ? {} : { [CSRF_HEADER]: token }
}
