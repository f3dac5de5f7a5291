import { Type } from '@sinclair/typebox'
import type { Static } from '@sinclair/typebox'
import { StartupError } from '@cms/config'
import { MembershipBody } from '@cms/contract'
import { bodyProblems } from '@cms/contract/validation'
import type { PersonMembership } from '../person.ts'

const GroupName = Type.String({ minLength: 1, maxLength: 256 })

const ProviderSetting = Type.Object(
  {
    /** In the paths `/auth/oidc/<id>` and in each person's identities. */
    id: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,39}$' }),
    /** Shown on the sign-in page: `Sign in with <name>`. */
    name: Type.String({ minLength: 1, maxLength: 60, pattern: '\\S' }),
    issuer: Type.String({ format: 'uri', maxLength: 2000 }),
    clientId: Type.String({ minLength: 1, maxLength: 500 }),
    clientSecret: Type.String({ minLength: 1, maxLength: 2000 }),
    scopes: Type.Optional(
      Type.Array(Type.String({ pattern: '^[\\x21\\x23-\\x5b\\x5d-\\x7e]+$' }), {
        minItems: 1,
        maxItems: 30,
        uniqueItems: true,
      }),
    ),
    groupsClaim: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    groupRoles: Type.Optional(
      Type.Record(GroupName, Type.Array(MembershipBody, { minItems: 1, maxItems: 1000 })),
    ),
    operatorGroups: Type.Optional(Type.Array(GroupName, { minItems: 1, maxItems: 100 })),
  },
  { additionalProperties: false },
)

const ProviderSettingsList = Type.Array(ProviderSetting, { maxItems: 50 })

/** One OpenID provider as configured in `OIDC_PROVIDERS`, with the defaults filled in. */
export interface ProviderSettings {
  id: string
  name: string
  issuer: URL
  clientId: string
  clientSecret: string
  scopes: string[]
  groupsClaim: string
  /** Group -> memberships; absent: memberships are managed in the panel only. */
  groupRoles: ReadonlyMap<string, PersonMembership[]> | undefined
  /** Absent: the operator flag is managed in the panel only. */
  operatorGroups: ReadonlySet<string> | undefined
}

export const DEFAULT_SCOPES = ['openid', 'email', 'profile']

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** Plain http leaks the client secret and the codes; it is only accepted on this machine. */
export const isLoopback = (url: URL): boolean => LOOPBACK_HOSTS.has(url.hostname)

function problem(message: string): StartupError {
  return new StartupError(`OIDC_PROVIDERS: ${message} (docs/people.md, "Single sign-on")`)
}

function issuerOf(value: string, at: string): URL {
  const issuer = new URL(value)
  if (issuer.protocol !== 'https:' && !(issuer.protocol === 'http:' && isLoopback(issuer)))
    throw problem(`${at}.issuer must be an https URL (plain http only on localhost)`)
  if (issuer.search || issuer.hash || issuer.username || issuer.password)
    throw problem(`${at}.issuer must have no query, fragment or credentials`)
  return issuer
}

function scopesOf(scopes: string[] | undefined, at: string): string[] {
  if (scopes && !scopes.includes('openid')) throw problem(`${at}.scopes must include openid`)
  return scopes ?? DEFAULT_SCOPES
}

const membershipOf = (body: MembershipBody): PersonMembership => ({
  websiteId: body.websiteId,
  role: body.role,
  types: body.types ?? null,
})

function settingsOf(raw: Static<typeof ProviderSetting>, index: number): ProviderSettings {
  const groupRoles =
    raw.groupRoles &&
    new Map(Object.entries(raw.groupRoles).map(([group, list]) => [group, list.map(membershipOf)]))
  return {
    id: raw.id,
    name: raw.name.trim(),
    issuer: issuerOf(raw.issuer, `[${index}]`),
    clientId: raw.clientId,
    clientSecret: raw.clientSecret,
    scopes: scopesOf(raw.scopes, `[${index}]`),
    groupsClaim: raw.groupsClaim ?? 'groups',
    groupRoles,
    operatorGroups: raw.operatorGroups && new Set(raw.operatorGroups),
  }
}

/**
 * `OIDC_PROVIDERS` checked at startup: a StartupError names the first problem, so a
 * misconfigured provider stops the gateway instead of failing each sign-in.
 */
export function parseProviderSettings(value: string | undefined): ProviderSettings[] {
  if (value === undefined || value.trim() === '') return []
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch (error) {
    throw problem(`not JSON: ${(error as Error).message}`)
  }
  const [first] = bodyProblems(ProviderSettingsList, parsed)
  if (first) throw problem(`${first.path || 'the list'}: ${first.message}`)
  const providers = (parsed as Static<typeof ProviderSettingsList>).map(settingsOf)
  const ids = new Set<string>()
  for (const provider of providers) {
    if (ids.has(provider.id)) throw problem(`the id ${provider.id} is used twice`)
    ids.add(provider.id)
  }
  return providers
}
