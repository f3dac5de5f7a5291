import { useCallback, useEffect, useMemo, useState } from 'preact/hooks'
import { CmsApiError } from '@cms/client'
import type { AccountSession, CmsAccountClient } from '@cms/client'
import { createPanelAccountClient } from './account-client.ts'
import { markOperator } from './operator-mark.ts'

/** A signed-in person as every screen sees them. */
export interface PanelSession {
  current: AccountSession
  /** `/auth` with this session's CSRF token. */
  account: CmsAccountClient
  /** Any call answered 401: the session is asked for once, and the page signs out if it is gone. */
  onUnauthorized: () => void
  signOut: (options?: { everywhere?: boolean }) => Promise<void>
  /** Reads the session again (after the person changed their second factor). */
  refresh: () => Promise<void>
}

export interface SessionState {
  loading: boolean
  signedIn: PanelSession | undefined
  /** Why the sign-in page is shown (signed out, session ended). */
  notice: string | undefined
  started: (session: AccountSession) => void
}

const ENDED = 'Your session has ended. Sign in again.'

const isSignedOut = (error: unknown) => error instanceof CmsApiError && error.status === 401

/** `GET /auth/session` on load; the session lives in the cookie, nothing is kept in the page. */
export function useSession(): SessionState {
  const [state, setState] = useState<{
    loading: boolean
    current?: AccountSession
    notice?: string
  }>({ loading: true })
  const ended = useCallback((notice?: string) => setState({ loading: false, notice }), [])
  useEffect(() => {
    createPanelAccountClient()
      .session()
      .then(
        (current) => setState({ loading: false, current }),
        (error: unknown) =>
          ended(
            isSignedOut(error)
              ? undefined
              : `The CMS could not be reached: ${error instanceof Error ? error.message : ''}`,
          ),
      )
  }, [])
  const onUnauthorized = useCallback(() => {
    createPanelAccountClient()
      .session()
      .catch((error: unknown) => {
        if (isSignedOut(error)) ended(ENDED)
      })
  }, [])
  useEffect(() => markOperator(state.current?.person.operator ?? false), [state.current])
  const signedIn = useMemo((): PanelSession | undefined => {
    const current = state.current
    if (!current) return undefined
    const account = createPanelAccountClient(current, onUnauthorized)
    return {
      current,
      account,
      onUnauthorized,
      async signOut(options = {}) {
        await (options.everywhere ? account.signOutEverywhere() : account.signOut()).catch(
          (error: unknown) => {
            if (!isSignedOut(error)) throw error
          },
        )
        ended(options.everywhere ? 'You are signed out on every device.' : 'You are signed out.')
      },
      async refresh() {
        const next = await account.session()
        setState({ loading: false, current: next })
      },
    }
  }, [state.current])
  return {
    loading: state.loading,
    signedIn,
    notice: state.notice,
    started: useCallback((current: AccountSession) => setState({ loading: false, current }), []),
  }
}
