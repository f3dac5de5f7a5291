import { useState } from 'preact/hooks'

/**
 * A dialog's one action: `busy` while it runs, its failure in `error` (shown by ErrorMessage)
 * and the dialog left open to try again; on success the action itself closes the dialog.
 */
export function useAttempt(action: () => Promise<void>) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>()
  const run = async () => {
    setBusy(true)
    setError(undefined)
    try {
      await action()
    } catch (failure) {
      setError(failure)
      setBusy(false)
    }
  }
  return { busy, error, run }
}
