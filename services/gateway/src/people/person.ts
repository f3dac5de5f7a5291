import type { Membership, Person as PersonAnswer } from '@cms/contract'

/** A person's role on one website (docs/people.md). */
export interface PersonMembership {
  websiteId: string
  role: string
  /** Only these content types; null: every type. */
  types: string[] | null
}

/**
 * The person's id at a provider (`sub`), as `<provider id>:<sub>`: a plain string, so that a
 * lookup is an equality on an array member, which MongoDB and FerretDB both index.
 */
export const identityOf = (provider: string, subject: string): string => `${provider}:${subject}`

const providerOfIdentity = (identity: string): string => identity.slice(0, identity.indexOf(':'))

/** A person of the installation, as stored. */
export interface Person {
  id: string
  /** Lower case: one account per address. */
  email: string
  name: string
  /** May use the admin API, as the admin token may. */
  operator: boolean
  disabledAt: Date | null
  memberships: PersonMembership[]
  /** argon2id, PHC string; null: signs in through a provider only. */
  passwordHash: string | null
  /** A confirmed TOTP secret (base32); null: no second factor. */
  totpSecret: string | null
  /** A secret being set up, until a code of it confirms it. */
  pendingTotpSecret: string | null
  identities: string[]
  createdAt: Date
  lastSignInAt: Date | null
}

export const normalEmail = (email: string): string => email.trim().toLowerCase()

export const membershipOf = (person: Person, websiteId: string): PersonMembership | undefined =>
  person.memberships.find((membership) => membership.websiteId === websiteId)

export function membershipJson(membership: PersonMembership): Membership {
  return { websiteId: membership.websiteId, role: membership.role, types: membership.types }
}

export function personJson(person: Person): PersonAnswer {
  return {
    id: person.id,
    email: person.email,
    name: person.name,
    operator: person.operator,
    disabled: person.disabledAt !== null,
    memberships: person.memberships.map(membershipJson),
    password: person.passwordHash !== null,
    totp: person.totpSecret !== null,
    providers: [...new Set(person.identities.map(providerOfIdentity))],
    createdAt: person.createdAt.toISOString(),
    lastSignInAt: person.lastSignInAt?.toISOString() ?? null,
  }
}
