import type { PersonMembership } from '../person.ts'
import type { ProviderSettings } from './provider-settings.ts'

/** What a provider's groups decide about a person. */
export interface GroupAccess {
  memberships: PersonMembership[]
  operator: boolean
}

/**
 * The groups in a claim: a list of strings, or one string. `groupsClaim` may be a dotted path
 * into nested claims (Keycloak's `realm_access.roles`).
 */
export function groupsOf(claims: Record<string, unknown>, groupsClaim: string): string[] {
  let value: unknown = claims
  for (const name of groupsClaim.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, name)) return []
    value = (value as Record<string, unknown>)[name]
  }
  if (typeof value === 'string') return [value]
  return Array.isArray(value) ? value.filter((group) => typeof group === 'string') : []
}

/**
 * The person's access after a sign-in through `provider`: with `groupRoles`, the provider is the
 * source of truth for the websites it names (a group's membership is set, one no group grants is
 * dropped; where several groups name a website, the first in `groupRoles` wins), and other
 * websites keep what the panel gave; with `operatorGroups`, so is the operator flag.
 */
export function applyGroups(
  current: GroupAccess,
  provider: Pick<ProviderSettings, 'groupRoles' | 'operatorGroups'>,
  groups: readonly string[],
): GroupAccess {
  const operator = provider.operatorGroups
    ? groups.some((group) => provider.operatorGroups!.has(group))
    : current.operator
  if (!provider.groupRoles) return { memberships: current.memberships, operator }
  const member = new Set(groups)
  const governed = new Set<string>()
  const granted = new Map<string, PersonMembership>()
  for (const [group, memberships] of provider.groupRoles) {
    for (const membership of memberships) {
      governed.add(membership.websiteId)
      if (member.has(group) && !granted.has(membership.websiteId))
        granted.set(membership.websiteId, membership)
    }
  }
  const kept = current.memberships.filter((membership) => !governed.has(membership.websiteId))
  return { memberships: [...kept, ...granted.values()], operator }
}
