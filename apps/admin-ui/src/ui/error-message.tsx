import { CmsApiError } from '@cms/client'

/** A failed call in words an operator can act on, with the server's per-field problems. */
export function ErrorMessage({ error }: { error: unknown }) {
  if (error === undefined || error === null) return null
  const message = error instanceof Error ? error.message : String(error)
  const details = error instanceof CmsApiError ? error.details : []
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
