import { LRUCache } from 'lru-cache'
import type { Context } from 'koa'
import { BUILT_IN_ROLES, restrictToTypes } from '@cms/contract'
import type { Permissions } from '@cms/contract'
import { ForbiddenError, ValidationError } from '@cms/errors'
import type { AuthenticatedKey } from '../domain/key-authenticator.ts'
import type { RateLimitPlan } from '../domain/rate-limit-plan.ts'
import type { SignedIn } from './person-authenticator.ts'
import { membershipOf } from './person.ts'
import type { Person } from './person.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The website a person's call to the public API is made on. */
export const WEBSITE_HEADER = 'x-cms-website'

/** What a preview token made by a person records as its issuer, in place of a key's hash. */
export const personIssuer = (personId: string): string => `person:${personId}`
export const personOfIssuer = (issuer: string): string | undefined =>
  issuer.startsWith('person:') ? issuer.slice('person:'.length) : undefined

/** A person at a screen makes bursts (lists, autosaves) no single key is planned for. */
export const PERSON_PLAN: RateLimitPlan = { perMinute: 600, perDay: 100_000 }

export interface PersonAccess {
  /** The person as a key of the website their request names: their role's permissions there. */
  asKey(ctx: Context, signedIn: SignedIn): Promise<AuthenticatedKey>
  /** What a person may do on a website: their role's permissions there; 403 for a non-member. */
  permissionsOn(person: Person, websiteId: string): Promise<Permissions>
  /** Drops cached role permissions of a website (this instance changed one of its roles). */
  forgetWebsite(websiteId: string): void
}

/**
 * A person acts on a website through their membership's role (within its types), an operator
 * as its owner. A custom role's permissions are cached per instance for `ttlMs`, as a key's are.
 */
export function createPersonAccess(deps: {
  permissionsOf: (websiteId: string, role: string) => Promise<Permissions | undefined>
  ttlMs: number
}): PersonAccess {
  const roles = new LRUCache<string, { permissions: Permissions }>({
    max: 10_000,
    ttl: Math.max(deps.ttlMs, 1),
    fetchMethod: async (address) => {
      const [websiteId, role] = address.split('/') as [string, string]
      return { permissions: (await deps.permissionsOf(websiteId, role)) ?? {} }
    },
  })
  async function permissionsOn(person: Person, websiteId: string): Promise<Permissions> {
    if (person.operator) return BUILT_IN_ROLES.owner
    const membership = membershipOf(person, websiteId)
    if (!membership) throw new ForbiddenError(`You are not a member of website ${websiteId}`)
    const address = `${websiteId}/${membership.role}`
    if (deps.ttlMs === 0) roles.delete(address)
    const granted = (await roles.fetch(address))!.permissions
    return membership.types ? restrictToTypes(granted, membership.types) : granted
  }
  return {
    permissionsOn,
    async asKey(ctx, signedIn) {
      const websiteId = ctx.get(WEBSITE_HEADER)
      if (!UUID.test(websiteId))
        throw ValidationError.single(
          WEBSITE_HEADER,
          `A person's call names its website: send ${WEBSITE_HEADER}: <website id>`,
        )
      return {
        keyId: signedIn.person.id,
        hash: personIssuer(signedIn.person.id),
        websiteId,
        permissions: await permissionsOn(signedIn.person, websiteId),
        expiresAt: signedIn.token?.expiresAt ?? null,
        rateLimit: PERSON_PLAN,
        person: true,
      }
    },
    forgetWebsite(websiteId) {
      for (const address of roles.keys())
        if (address.startsWith(`${websiteId}/`)) roles.delete(address)
    },
  }
}
