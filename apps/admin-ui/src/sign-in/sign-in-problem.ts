import { CmsApiError } from '@cms/client'

/** Whether the API refused a password sign-in because it needs the second factor's code. */
export const asksForCode = (error: unknown): boolean =>
  error instanceof CmsApiError &&
  error.status === 401 &&
  error.details.some((detail) => detail.path === 'totp')

/** What went wrong with a sign-in or an account form, in words that say what to do next. */
export function signInProblem(error: unknown): string {
  if (error instanceof CmsApiError) {
    if (error.status === 429) {
      const wait = error.retryAfterSeconds ? ` (${error.retryAfterSeconds} s)` : ''
      return `Too many sign-in attempts. Wait${wait}, then try again.`
    }
    return error.message
  }
  return 'Signing in failed. Try again.'
}
