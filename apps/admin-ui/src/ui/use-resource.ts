import { useCallback, useEffect, useState } from 'preact/hooks'
import type { Inputs } from 'preact/hooks'

export interface Resource<T> {
  data: T | undefined
  error: unknown
  loading: boolean
  reload: () => void
}

/** Loads `load()` when `inputs` change and on `reload()`; answers of stale loads are dropped. */
export function useResource<T>(load: () => Promise<T>, inputs: Inputs): Resource<T> {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({
    loading: true,
  })
  const [generation, setGeneration] = useState(0)
  const reload = useCallback(() => setGeneration((value) => value + 1), [])
  useEffect(() => {
    let current = true
    setState((previous) => ({ data: previous.data, loading: true }))
    load().then(
      (data) => current && setState({ data, loading: false }),
      (error: unknown) => current && setState({ error, loading: false }),
    )
    return () => {
      current = false
    }
  }, [...inputs, generation])
  return { data: state.data, error: state.error, loading: state.loading, reload }
}
