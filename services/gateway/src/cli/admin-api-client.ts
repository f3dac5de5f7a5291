/** An answer of the admin API: the parsed body and the exact text, for `--json`. */
export interface AdminAnswer<T> {
  status: number
  body: T
  text: string
}

export class AdminApiError extends Error {
  readonly status: number
  readonly code: string
  readonly details: readonly { path: string; message: string }[]

  constructor(
    status: number,
    code: string,
    message: string,
    details: readonly { path: string; message: string }[] = [],
  ) {
    super(message)
    this.name = 'AdminApiError'
    this.status = status
    this.code = code
    this.details = details
  }
}

/** The gateway did not answer at all. */
export class GatewayUnreachableError extends Error {
  constructor(baseUrl: string, cause: unknown) {
    const reason = (cause as { cause?: { code?: string; message?: string } })?.cause
    super(
      `cannot reach the gateway at ${baseUrl} (${reason?.code ?? reason?.message ?? (cause as Error).message})`,
      { cause },
    )
    this.name = 'GatewayUnreachableError'
  }
}

export interface KeyCreation {
  name?: string
  scope: string
  rateLimit?: { perMinute?: number; perDay?: number }
}

export interface AdminApiClient {
  createWebsite(name: string): Promise<AdminAnswer<{ id: string; name: string; createdAt: string }>>
  listWebsites(): Promise<AdminAnswer<{ docs: { id: string; name: string; createdAt: string }[] }>>
  renameWebsite(
    id: string,
    name: string,
  ): Promise<AdminAnswer<{ id: string; name: string; createdAt: string }>>
  deleteWebsite(id: string): Promise<AdminAnswer<undefined>>
  createKey(websiteId: string, input: KeyCreation): Promise<AdminAnswer<CreatedKey>>
  listKeys(websiteId: string): Promise<AdminAnswer<{ docs: ListedKey[] }>>
  revokeKey(websiteId: string, keyId: string): Promise<AdminAnswer<undefined>>
  getQuotas(websiteId: string): Promise<AdminAnswer<QuotaReport>>
  changeQuotas(
    websiteId: string,
    change: Record<string, number | null>,
  ): Promise<AdminAnswer<QuotaReport>>
  /** The export's bytes as they stream (NDJSON); no time limit, since a website may be large. */
  exportWebsite(websiteId: string): Promise<AsyncIterable<Uint8Array>>
  /** Streams an export in; the new website and what was imported. */
  importWebsite(name: string, body: AsyncIterable<Uint8Array>): Promise<AdminAnswer<ImportAnswer>>
  purgeStatus(websiteId: string): Promise<AdminAnswer<PurgeProgress>>
}

export interface ImportAnswer {
  website: { id: string; name: string; createdAt: string; importedFrom?: string }
  imported: Record<string, Record<string, number>>
  webhookSecrets?: { id: string; name: string; secret: string }[]
}

export interface PurgeProgress {
  websiteId: string
  name: string
  state: string
  reason: string
  requestedAt: string
  finishedAt: string | null
  removed: number
  services: {
    service: string
    state: string
    removed: Record<string, number>
    batches: number
    lastError: string | null
  }[]
}

/** Each quota with its limit in force, default, override and the website's usage. */
export interface QuotaReport {
  quotas: Record<
    string,
    { limit: number; default: number; override: number | null; usage: number | null }
  >
}

export interface ListedKey {
  id: string
  name: string
  scope: string
  prefix: string
  rateLimit: { perMinute: number; perDay: number }
  createdAt: string
  revokedAt: string | null
}

export interface CreatedKey extends Omit<ListedKey, 'revokedAt'> {
  key: string
}

const segment = encodeURIComponent

/** The admin JSON API over fetch; any non-2xx answer is an AdminApiError with the contract's code. */
export function createAdminApiClient(options: {
  baseUrl: string
  token: string
  fetch?: typeof fetch
}): AdminApiClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  const fetchFn = options.fetch ?? fetch
  const send = async (
    method: string,
    path: string,
    init: {
      body?: string | ReadableStream<Uint8Array>
      contentType?: string
      accept?: string
      timeoutMs?: number
    } = {},
  ): Promise<Response> => {
    try {
      return await fetchFn(`${baseUrl}/admin/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.token}`,
          accept: init.accept ?? 'application/json',
          ...(init.contentType ? { 'content-type': init.contentType } : {}),
        },
        ...(init.body === undefined ? {} : { body: init.body, duplex: 'half' }),
        ...(init.timeoutMs === undefined ? {} : { signal: AbortSignal.timeout(init.timeoutMs) }),
      } as RequestInit)
    } catch (error) {
      throw new GatewayUnreachableError(baseUrl, error)
    }
  }
  const call = async <T>(method: string, path: string, body?: unknown): Promise<AdminAnswer<T>> =>
    answerOf<T>(
      await send(method, path, {
        ...(body === undefined
          ? {}
          : { body: JSON.stringify(body), contentType: 'application/json' }),
        timeoutMs: 30_000,
      }),
    )
  const answerOf = async <T>(response: Response): Promise<AdminAnswer<T>> => {
    const text = await response.text()
    let parsed: unknown
    try {
      parsed = text === '' ? undefined : JSON.parse(text)
    } catch {
      parsed = undefined
    }
    if (!response.ok) {
      const error = (parsed as { error?: { code?: string; message?: string; details?: [] } })?.error
      throw new AdminApiError(
        response.status,
        error?.code ?? `HTTP_${response.status}`,
        error?.message ?? (text.slice(0, 200) || response.statusText),
        error?.details ?? [],
      )
    }
    return { status: response.status, body: parsed as T, text }
  }
  return {
    createWebsite: (name) => call('POST', '/websites', { name }),
    listWebsites: () => call('GET', '/websites'),
    renameWebsite: (id, name) => call('PATCH', `/websites/${segment(id)}`, { name }),
    deleteWebsite: (id) => call('DELETE', `/websites/${segment(id)}`),
    createKey: (websiteId, input) => call('POST', `/websites/${segment(websiteId)}/keys`, input),
    listKeys: (websiteId) => call('GET', `/websites/${segment(websiteId)}/keys`),
    getQuotas: (websiteId) => call('GET', `/websites/${segment(websiteId)}/quotas`),
    changeQuotas: (websiteId, change) =>
      call('PATCH', `/websites/${segment(websiteId)}/quotas`, change),
    revokeKey: (websiteId, keyId) =>
      call('DELETE', `/websites/${segment(websiteId)}/keys/${segment(keyId)}`),
    async exportWebsite(websiteId) {
      const response = await send('GET', `/websites/${segment(websiteId)}/export`, {
        accept: 'application/x-ndjson, application/json',
      })
      if (!response.ok || !response.body) await answerOf(response)
      return response.body as AsyncIterable<Uint8Array>
    },
    importWebsite: async (name, body) =>
      answerOf(
        await send('POST', `/websites/import?name=${segment(name)}`, {
          body: ReadableStream.from(body),
          contentType: 'application/x-ndjson',
        }),
      ),
    purgeStatus: (websiteId) => call('GET', `/purges/${segment(websiteId)}`),
  }
}
