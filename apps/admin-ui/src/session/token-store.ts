/**
 * A secret kept in this tab's sessionStorage only: it survives a reload, is gone when the tab
 * closes, and is never written to localStorage, a cookie or a URL.
 */
export interface SecretStore {
  read(): string | undefined
  write(secret: string): void
  clear(): void
}

export function sessionSecret(name: string): SecretStore {
  return {
    read() {
      try {
        return sessionStorage.getItem(name) ?? undefined
      } catch {
        return undefined
      }
    },
    write(secret) {
      try {
        sessionStorage.setItem(name, secret)
      } catch {
        // Storage refused (private mode, quota): the secret stays in memory for this page only.
      }
    },
    clear() {
      try {
        sessionStorage.removeItem(name)
      } catch {
        // Nothing stored.
      }
    },
  }
}

/** The operator's platform admin token. */
export const tokenStore = sessionSecret('cms-admin-token')

/** An editor's admin-scope API key of one website. */
export const editorKeyStore = sessionSecret('cms-editor-key')
