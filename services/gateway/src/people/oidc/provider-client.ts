import * as client from 'openid-client'
import { isLoopback } from './provider-settings.ts'
import type { ProviderSettings } from './provider-settings.ts'

/** A configured provider and its discovered metadata. */
export interface ProviderClient {
  settings: ProviderSettings
  /** The issuer's metadata, discovered on first use and kept; a failure is retried next time. */
  configuration(): Promise<client.Configuration>
}

const DISCOVERY_TIMEOUT_SECONDS = 10

export function createProviderClient(settings: ProviderSettings): ProviderClient {
  let discovered: Promise<client.Configuration> | undefined
  const discover = () =>
    client.discovery(
      settings.issuer,
      settings.clientId,
      undefined,
      // Every provider must accept HTTP Basic (RFC 6749, 2.3.1); not all accept the secret in the body.
      client.ClientSecretBasic(settings.clientSecret),
      {
        timeout: DISCOVERY_TIMEOUT_SECONDS,
        execute:
          settings.issuer.protocol === 'http:' && isLoopback(settings.issuer)
            ? [client.allowInsecureRequests]
            : [],
      },
    )
  return {
    settings,
    configuration() {
      discovered ??= discover().catch((error: unknown) => {
        discovered = undefined
        throw error
      })
      return discovered
    },
  }
}
