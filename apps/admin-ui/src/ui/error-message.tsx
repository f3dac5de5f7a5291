import type { ErrorDetail } from '../api/admin-api-error.ts'

/** A failed call in words an operator can act on, with the server's per-field problems. */
export function ErrorMessage({ error }: { error: unknown }) {
  if (error === undefined || error === null) return null
  const message = error instanceof Error ? error.message : String(error)
  // The admin API's errors and @cms/client's CmsApiError both carry the contract's details.
  const details: readonly ErrorDetail[] =
    error instanceof Error && Array.isArray((error as { details?: unknown }).details)
      ? (error as unknown as { details: ErrorDetail[] }).details
      : []
  return (
    <div class="message message-error" role="alert">
      <p>{message}</p>
      {details.length > 0 && (
        <ul>
          {details.map((detail) => (
            <li key={`${detail.path}:${detail.message}`}>
              {detail.path ? <code>{detail.path}</code> : null} {detail.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
