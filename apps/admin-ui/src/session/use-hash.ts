import { useEffect, useState } from 'preact/hooks'

/** Goes to `hash` without adding a step to the history (a redirect, not a visit). */
export function replaceHash(hash: string): void {
  history.replaceState(history.state, '', hash)
  dispatchEvent(new HashChangeEvent('hashchange'))
}

export function useHash(): string {
  const [hash, setHash] = useState(() => location.hash)
  useEffect(() => {
    const onChange = () => setHash(location.hash)
    addEventListener('hashchange', onChange)
    return () => removeEventListener('hashchange', onChange)
  }, [])
  return hash
}
