/**
 * The admin token lives in this tab's sessionStorage only: it survives a reload, is gone when
 * the tab closes, and is never written to localStorage, a cookie or a URL.
 */
const KEY = 'cms-admin-token'

export const tokenStore = {
  read(): string | undefined {
    try {
      return sessionStorage.getItem(KEY) ?? undefined
    } catch {
      return undefined
    }
  },
  write(token: string): void {
    try {
      sessionStorage.setItem(KEY, token)
    } catch {
      // Storage refused (private mode, quota): the token stays in memory for this page only.
    }
  },
  clear(): void {
    try {
      sessionStorage.removeItem(KEY)
    } catch {
      // Nothing stored.
    }
  },
}
