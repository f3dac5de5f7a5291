import type { ComponentChildren } from 'preact'
import { ErrorMessage } from '../ui/error-message.tsx'
import type { useAttempt } from '../ui/use-attempt.ts'

/**
 * The card of a page a one-time link opens (an invitation, a reset, the first operator): its
 * fields, then the attempt's error and its submit button, which reads `busyLabel` meanwhile.
 */
export function LinkForm(props: {
  title: string
  attempt: ReturnType<typeof useAttempt>
  submitLabel: string
  busyLabel: string
  disabled?: boolean
  children: ComponentChildren
}) {
  const { attempt } = props
  return (
    <main class="sign-in" id="main">
      <form
        class="card stack"
        onSubmit={(event) => {
          event.preventDefault()
          void attempt.run()
        }}
      >
        <h1>{props.title}</h1>
        {props.children}
        <ErrorMessage error={attempt.error} />
        <button
          type="submit"
          class="button button-primary"
          disabled={attempt.busy || props.disabled === true}
        >
          {attempt.busy ? props.busyLabel : props.submitLabel}
        </button>
      </form>
    </main>
  )
}
