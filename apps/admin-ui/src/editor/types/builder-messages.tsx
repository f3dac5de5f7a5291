import { ErrorMessage } from '../../ui/error-message.tsx'
import type { Builder } from './use-builder.ts'

const sentence = (error: unknown): string =>
  error instanceof Error ? error.message.replace(/\.$/, '') : String(error)

/** Why a save failed (the problems marked at their inputs, the others here), or that it worked. */
export function BuilderMessages({
  builder,
  noun,
  savedText,
}: {
  builder: Builder
  noun: string
  savedText: string
}) {
  const { error, placed, other, saved } = builder
  return (
    <>
      {error !== undefined && (
        <div role="alert">
          <ErrorMessage
            error={
              placed
                ? `The ${noun} was not saved (${sentence(error)}). The problems are marked below.`
                : error
            }
          />
          {other.length > 0 && <ErrorMessage error={other.join(' ')} />}
        </div>
      )}
      {saved && (
        <p class="message message-info" role="status">
          {savedText}
        </p>
      )}
    </>
  )
}
