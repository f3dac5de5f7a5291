/** What the first request with a key left for its retries (extensions.md E). */
export interface IdempotencyRecord {
  /** `<websiteId>:<key>`: one record per key and website, found by an `_id`-only lookup. */
  id: string
  websiteId: string
  key: string
  method: string
  /** Path and query string, as the client sent them. */
  path: string
  /** Who holds the record while it runs; a takeover is decided on this id (see the repository). */
  claimId: string
  state: 'running' | 'done'
  startedAt: Date
  expiresAt: Date
  /** Set when done: the request body the answer belongs to, and the answer. */
  requestBody?: RequestBodyDigest
  answer?: StoredAnswer
}

export interface RequestBodyDigest {
  sha256: string
  /** The length as sent. */
  bytes: number
  /** A multipart form, digested by its parts rather than its framing (request-body-digest.ts). */
  form?: true
}

export interface StoredAnswer {
  status: number
  headers: Record<string, string>
  /** Undefined for an answer without a body (204, say). */
  body?: Buffer
}

export type RunningRecord = Omit<IdempotencyRecord, 'requestBody' | 'answer'> & {
  state: 'running'
}

export const recordIdOf = (websiteId: string, key: string): string => `${websiteId}:${key}`
