import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import Provider from 'oidc-provider'
import type { KoaContextWithOIDC } from 'oidc-provider'

/** A person known to the provider. */
export interface ProviderAccount {
  sub: string
  email: string
  name: string
  groups?: string[]
  /** Absent: true. */
  emailVerified?: boolean
}

/** A relying party (a gateway) registered at the provider. */
export interface ProviderClientRegistration {
  clientId: string
  clientSecret: string
  redirectUris: string[]
}

export interface OidcProviderKit {
  /** The issuer URL, for `OIDC_PROVIDERS`. */
  issuer: string
  /** Registers a gateway once its address (hence its redirect URI) is known. */
  addClient(client: ProviderClientRegistration): Promise<void>
  addAccount(account: ProviderAccount): void
  /** While down, every connection is dropped, as by a provider that is away. */
  setDown(down: boolean): void
  /** Authorization requests the provider received, to check what the gateway asked for. */
  authorizationRequests: URL[]
  close(): Promise<void>
}

/** The scope `groups` carries the `groups` claim, as at Okta and Dex. */
const CLAIMS = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: ['name'],
  groups: ['groups'],
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

function loginPage(uid: string, problem = ''): string {
  return `<!doctype html><html><head><title>Kit provider sign-in</title></head><body>
<h1>Kit provider</h1>${problem && `<p role="alert">${escapeHtml(problem)}</p>`}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label>Account email <input name="email" type="email" autocomplete="off"></label>
<button type="submit">Continue</button>
<button type="submit" formaction="/interaction/${escapeHtml(uid)}/cancel">Cancel</button>
</form></body></html>`
}

async function formOf(request: IncomingMessage): Promise<URLSearchParams> {
  let body = ''
  for await (const chunk of request) body += String(chunk)
  return new URLSearchParams(body)
}

/**
 * A real OpenID provider (`oidc-provider`) on 127.0.0.1 and a random port: discovery, the
 * authorization endpoint with PKCE required, tokens signed with its own RSA key, userinfo. Its
 * sign-in page is a plain form of the kit (an account's email, Continue or Cancel); consent is
 * given for every scope asked, as for a first-party application.
 */
export async function startOidcProvider(
  options: { accounts?: ProviderAccount[] } = {},
): Promise<OidcProviderKit> {
  const accounts = new Map<string, ProviderAccount>()
  const addAccount = (account: ProviderAccount) => accounts.set(account.sub, account)
  options.accounts?.forEach(addAccount)
  const authorizationRequests: URL[] = []
  let down = false

  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey

  const provider = new Provider(issuer, {
    clients: [],
    jwks: { keys: [{ ...signingKey.export({ format: 'jwk' }), kid: 'kit', use: 'sig' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: CLAIMS,
    scopes: Object.keys(CLAIMS),
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub)
      if (!account) return undefined
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          name: account.name,
          groups: account.groups ?? [],
        }),
      }
    },
    // Consent for every scope asked: the gateway is a first-party application here.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, params } = ctx.oidc
      const grant = new ctx.oidc.provider.Grant({
        clientId: client!.clientId,
        accountId: session!.accountId,
      })
      grant.addOIDCScope(String(params!.scope))
      await grant.save()
      return grant
    },
  })
  const handleProtocol = provider.callback()

  async function interact(request: IncomingMessage, response: ServerResponse, path: string[]) {
    const [uid = '', action] = path
    if (request.method === 'GET') {
      await provider.interactionDetails(request, response)
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginPage(uid))
      return
    }
    const form = await formOf(request)
    if (action === 'cancel') {
      const result = { error: 'access_denied', error_description: 'The person cancelled' }
      await provider.interactionFinished(request, response, result)
      return
    }
    const email = form.get('email') ?? ''
    const account = [...accounts.values()].find((known) => known.email === email)
    if (!account) {
      const page = loginPage(uid, `No account ${email}`)
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page)
      return
    }
    await provider.interactionFinished(request, response, { login: { accountId: account.sub } })
  }

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (down) {
      request.socket.destroy()
      return
    }
    const url = new URL(request.url ?? '/', issuer)
    if (url.pathname === '/auth') authorizationRequests.push(url)
    const [first, ...rest] = url.pathname.split('/').filter(Boolean)
    if (first !== 'interaction') return void handleProtocol(request, response)
    interact(request, response, rest).catch((error: Error) => {
      if (!response.headersSent) response.writeHead(400, { 'content-type': 'text/plain' })
      response.end(error.message)
    })
  })

  return {
    issuer,
    async addClient({ clientId, clientSecret, redirectUris }) {
      // A client registered at run time, as dynamic registration stores it.
      await provider.Client.adapter.upsert(clientId, {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      })
    },
    addAccount,
    setDown(value) {
      down = value
    },
    authorizationRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Where a browser's sign-in through the provider came back to the gateway. */
export interface ProviderLanding {
  context: BrowserContext
  page: Page
  /** The callback's answer: the panel route, or the sign-in page with a problem. */
  location: string
  callbackUrl: string
}

/**
 * A sign-in in a fresh browser context: the gateway sends the browser to the provider, whose
 * form takes the account's email (Continue, or Cancel), and the provider sends it back.
 */
export async function signInThroughProvider(
  browser: Browser,
  options: {
    kit: OidcProviderKit
    gatewayUrl: string
    email: string
    providerId?: string
    query?: string
    cancel?: boolean
  },
): Promise<ProviderLanding> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const start = `${options.gatewayUrl}/auth/oidc/${options.providerId ?? 'kit'}`
  await page.goto(`${start}${options.query ?? ''}`)
  if (!page.url().startsWith(options.kit.issuer))
    throw new Error(`the sign-in did not reach the provider: ${page.url()}`)
  await page.getByLabel('Account email').fill(options.email)
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.url().startsWith(`${start}/callback`)),
    page.getByRole('button', { name: options.cancel ? 'Cancel' : 'Continue' }).click(),
  ])
  if (answer.status() !== 302) throw new Error(`the callback answered ${answer.status()}`)
  return { context, page, location: answer.headers().location ?? '', callbackUrl: answer.url() }
}
