/** The part of oidc-provider 9's API the test kit uses (the package ships no types). */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'
  import type { JsonWebKey } from 'node:crypto'

  export interface Account {
    accountId: string
    claims(): Promise<Record<string, unknown>>
  }

  export interface Grant {
    addOIDCScope(scope: string): void
    save(): Promise<string>
  }

  export interface KoaContextWithOIDC {
    oidc: {
      provider: Provider
      client?: { clientId: string }
      session?: { accountId: string }
      params?: Record<string, unknown>
    }
  }

  export interface Configuration {
    clients?: Array<Record<string, unknown>>
    jwks?: { keys: JsonWebKey[] }
    cookies?: { keys: string[] }
    claims?: Record<string, string[]>
    scopes?: string[]
    pkce?: { required?: (ctx: KoaContextWithOIDC, client: unknown) => boolean }
    features?: Record<string, { enabled: boolean }>
    interactions?: { url: (ctx: KoaContextWithOIDC, interaction: { uid: string }) => string }
    ttl?: Record<string, number>
    findAccount(ctx: KoaContextWithOIDC, sub: string): Promise<Account | undefined>
    loadExistingGrant?(ctx: KoaContextWithOIDC): Promise<Grant | undefined>
  }

  export interface InteractionResult {
    login?: { accountId: string }
    error?: string
    error_description?: string
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration)
    Grant: new (init: { clientId: string; accountId: string }) => Grant
    Client: { adapter: { upsert(id: string, metadata: Record<string, unknown>): Promise<void> } }
    callback(): (request: IncomingMessage, response: ServerResponse) => void
    interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<unknown>
    interactionFinished(
      request: IncomingMessage,
      response: ServerResponse,
      result: InteractionResult,
    ): Promise<void>
  }
}
