import { useEffect, useRef } from 'preact/hooks'

/** Someone saved the document after this tab loaded it; nothing of theirs was overwritten. */
export function ConflictNotice({ onReload }: { onReload: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <section class="message message-error conflict" role="alert" aria-labelledby="conflict-title">
      <h2 id="conflict-title" tabIndex={-1} ref={heading}>
        Someone else changed this document
      </h2>
      <p>
        It was saved elsewhere after you opened it, so your latest change was not saved (it would
        have overwritten theirs). Reload to see their version, then make your change again.
      </p>
      <button type="button" class="button button-primary" onClick={onReload}>
        Reload the document
      </button>
    </section>
  )
}
