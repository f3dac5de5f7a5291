import type { Permission } from './permissions.ts'

/** Where the gateway sends a public operation: the content service's read or write pool, or a service. */
export const UPSTREAMS = ['contentRead', 'contentWrite', 'schema', 'webhook'] as const
export type Upstream = (typeof UPSTREAMS)[number]

/** Who serves a public operation: a service the gateway forwards to, or the gateway itself. */
export type Server = Upstream | 'gateway'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** What a write does to the published reads the gateway caches (docs/gateway.md, "Read cache"). */
export type ContentChange = 'create' | 'edit' | 'other'

/** An HTTP operation: where it is, and whether it takes `Idempotency-Key`. */
export interface Endpoint {
  method: HttpMethod
  /** The router's pattern, `:name` parameters. */
  path: string
  /** Takes `Idempotency-Key`: a retry with the same key gets the first answer. */
  idempotent?: true
}

/**
 * One public operation (`/api`) as every layer sees it: the gateway routes, authorizes, caches
 * and keeps idempotency keys by it, the OpenAPI document describes it under it, and
 * `@cms/client` calls it. Its query, body and answer schemas are kept beside, under the same
 * name, in `PUBLIC_IO` (public-io.ts); the OpenAPI prose in `openapi/public-routes.ts`.
 */
export interface Operation extends Endpoint {
  upstream: Server
  /**
   * What the caller needs (permissions.ts); absent: any key of the website. A read asking for
   * drafts needs `readDrafts` as well.
   */
  permission?: Permission
  /**
   * A published read the gateway may answer from its read cache; `conditional: false` is never
   * answered 304 (a by-slug answer's ETag does not say which document holds the slug).
   */
  cached?: { conditional: boolean }
  /**
   * `create` and `edit` leave cached published reads alone when the document they answer with
   * is a draft; `other` may change any of them. Absent: the write changes no cached read.
   */
  changes?: ContentChange
}

/** `{id: string}` for `/api/content/:id`: the path parameters a pattern names. */
export type PathParams<Path extends string> = string extends Path
  ? Record<string, string | number>
  : Path extends `${string}:${infer Name}/${infer Rest}`
    ? { [K in Name]: string | number } & PathParams<`/${Rest}`>
    : Path extends `${string}:${infer Name}`
      ? { [K in Name]: string | number }
      : Record<never, never>

/** The path of `pattern` with its parameters filled in, each one encoded as a segment. */
export function pathOf<Path extends string>(pattern: Path, params: PathParams<Path>): string {
  const values = params as Record<string, string | number>
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`${pattern} needs its ${name}`)
    return encodeURIComponent(String(value))
  })
}
