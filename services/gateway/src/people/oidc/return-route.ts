/** Where a sign-in lands when no (acceptable) `return` was asked for: the panel's start. */
export const DEFAULT_RETURN = '#/'

// A route of the panel only: `#/` then path characters; no scheme, host, backslash or control
// character, so `return` can never send the browser to another site.
const HASH_ROUTE = /^#\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*$/

/** `?return=` as a hash route of the panel (`#/...`), else the default: no open redirect. */
export function returnRouteOf(value: unknown): string {
  if (typeof value !== 'string' || value.length > 500 || !HASH_ROUTE.test(value))
    return DEFAULT_RETURN
  return value
}
