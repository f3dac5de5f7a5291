export interface ErrorDetail {
  path: string
  message: string
}

/** A refused admin API call, carrying the contract's error body when there was one. */
export class AdminApiError extends Error {
  readonly status: number
  readonly code: string
  readonly details: readonly ErrorDetail[]

  constructor(options: { status: number; code: string; message: string; details?: ErrorDetail[] }) {
    super(options.message)
    this.name = 'AdminApiError'
    this.status = options.status
    this.code = options.code
    this.details = options.details ?? []
  }
}

/** Reads `{error: {code, message, details}}`, or makes one up from the status alone. */
export async function errorFromResponse(response: Response): Promise<AdminApiError> {
  let body: unknown
  try {
    body = await response.json()
  } catch {
    body = undefined
  }
  const error = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } })
    ?.error
  return new AdminApiError({
    status: response.status,
    code: typeof error?.code === 'string' ? error.code : `HTTP_${response.status}`,
    message:
      typeof error?.message === 'string' ? error.message : `The server answered ${response.status}`,
    details: Array.isArray(error?.details) ? (error.details as ErrorDetail[]) : [],
  })
}
