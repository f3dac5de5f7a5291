import { mkdtempSync, rmSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATA_ROOT, launchServices } from '@cms/stack'
import type { RunningServices } from '@cms/stack'
import { testEnv } from '@cms/testkit'
import { launchChromium } from './browser-kit.ts'
import { signInThroughProvider, startOidcProvider } from './oidc-provider-kit.ts'
import type { OidcProviderKit } from './oidc-provider-kit.ts'

describe('single sign-on on Deno', () => {
  let kit: OidcProviderKit
  let services: RunningServices
  let dataDir: string
  let browser: Browser
  const client = { clientId: 'gateway-on-deno', clientSecret: randomUUID() }

  beforeAll(async () => {
    const env = testEnv()
    kit = await startOidcProvider()
    dataDir = mkdtempSync(join(DATA_ROOT, 'deno-sso-'))
    const providers = [{ id: 'kit', name: 'Kit SSO', issuer: kit.issuer, ...client }]
    services = await launchServices({
      mongoUrl: env.mongoUrl,
      redisUrl: env.redisUrl,
      amqpUrl: env.amqpUrl,
      dataDir,
      runtime: { gateway: 'deno' },
      env: {
        gateway: { OIDC_PROVIDERS: JSON.stringify(providers), PEOPLE_SIGN_UP: 'first-sign-in' },
      },
      // Signing in needs the gateway only (and the shared MongoDB and Redis).
      only: ['gateway'],
    })
    await kit.addClient({
      ...client,
      redirectUris: [`${services.gatewayUrl}/auth/oidc/kit/callback`],
    })
    browser = await launchChromium()
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await services?.stop()
    await kit?.close()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  it("when the gateway runs on Deno, then a person signs in through the OpenID provider (discovery, PKCE and the ID token checked with Deno's fetch and WebCrypto) and has a session", async () => {
    const tag = randomUUID().slice(0, 8)
    const email = `deno-sso-${tag}@example.com`
    kit.addAccount({ sub: `deno-${tag}`, email, name: 'Deno Person' })
    const landing = await signInThroughProvider(browser, {
      kit,
      gatewayUrl: services.gatewayUrl,
      email,
    })
    expect(landing.location).toBe(`${services.gatewayUrl}/admin#/`)
    const session = await landing.context.request.get(`${services.gatewayUrl}/auth/session`)
    expect(session.status()).toBe(200)
    expect((await session.json()).person).toMatchObject({ email, providers: ['kit'] })
    await landing.context.close()
  }, 60_000)
})
