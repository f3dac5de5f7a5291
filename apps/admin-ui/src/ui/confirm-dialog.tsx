import { useEffect, useRef } from 'preact/hooks'
import type { ComponentChildren } from 'preact'

export interface ConfirmDialogProps {
  title: string
  children: ComponentChildren
  confirmLabel: string
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/**
 * A modal `<dialog>`: the browser traps focus inside and closes it on Escape. Cancel has the
 * focus first, so a stray Enter never destroys anything.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
    cancel.current?.focus()
    return () => element?.close()
  }, [])
  return (
    <dialog
      ref={dialog}
      class="dialog"
      aria-labelledby="confirm-title"
      onCancel={(event) => {
        event.preventDefault()
        props.onCancel()
      }}
    >
      <h2 id="confirm-title">{props.title}</h2>
      <div class="dialog-body">{props.children}</div>
      <div class="actions">
        <button ref={cancel} type="button" class="button" onClick={props.onCancel}>
          Cancel
        </button>
        <button
          type="button"
          class="button button-danger"
          disabled={props.busy}
          onClick={props.onConfirm}
        >
          {props.busy ? 'Working…' : props.confirmLabel}
        </button>
      </div>
    </dialog>
  )
}
