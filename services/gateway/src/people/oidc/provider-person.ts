import type { InvitationsRepository } from '../invitations-repository.ts'
import type { PeopleRepository } from '../people-repository.ts'
import type { PersonAuthenticator } from '../person-authenticator.ts'
import { identityOf } from '../person.ts'
import type { Person, PersonMembership } from '../person.ts'
import { applyGroups } from './group-roles.ts'
import type { ProviderProfile } from './provider-profile.ts'
import type { ProviderSettings } from './provider-settings.ts'
import { SignInProblem } from './sign-in-problem.ts'

export interface ProviderPersonDeps {
  people: PeopleRepository
  invitations: InvitationsRepository
  authenticator: Pick<PersonAuthenticator, 'forget'>
  signUp: 'invitation' | 'first-sign-in'
  newId: () => string
  now: () => Date
}

export interface ProviderSignInRequest {
  provider: ProviderSettings
  profile: ProviderProfile
  groups: readonly string[]
}

/**
 * The person a provider's sign-in is for: known by the provider's identity, else by the email
 * (the identity is added), else an open invitation of the email is taken, else a new person when
 * anyone may sign up; then the provider's groups are applied. A disabled person is refused.
 */
export function providerPeople(deps: ProviderPersonDeps) {
  const { people, invitations } = deps

  /** With the groups applied at once, so that a first sign-in writes the person once. */
  function newPerson(
    { profile, provider, groups }: ProviderSignInRequest,
    granted: { operator: boolean; memberships: PersonMembership[] },
  ): Person {
    const { operator, memberships } = applyGroups(granted, provider, groups)
    return {
      id: deps.newId(),
      email: profile.email,
      name: profile.name,
      operator,
      memberships,
      disabledAt: null,
      passwordHash: null,
      totpSecret: null,
      pendingTotpSecret: null,
      identities: [identityOf(provider.id, profile.subject)],
      createdAt: deps.now(),
      lastSignInAt: null,
    }
  }

  async function create(person: Person): Promise<Person> {
    if (await people.insert(person)) return person
    throw new SignInProblem(`An account for ${person.email} was created meanwhile: sign in again`)
  }

  async function invited(request: ProviderSignInRequest): Promise<Person | undefined> {
    const invitation = await invitations.findByEmail(request.profile.email)
    if (!invitation || invitation.expiresAt <= deps.now()) return undefined
    if (!(await invitations.take(invitation.id)))
      throw new SignInProblem('The invitation was used or withdrawn meanwhile')
    return create(newPerson(request, invitation))
  }

  async function existing({ provider, profile }: ProviderSignInRequest) {
    const identity = identityOf(provider.id, profile.subject)
    const known = await people.findByIdentity(identity)
    if (known) return known
    const byEmail = await people.findByEmail(profile.email)
    if (!byEmail || byEmail.disabledAt) return byEmail
    await people.addIdentity(byEmail.id, identity)
    return { ...byEmail, identities: [...byEmail.identities, identity] }
  }

  async function withGroups(person: Person, request: ProviderSignInRequest): Promise<Person> {
    const access = applyGroups(person, request.provider, request.groups)
    const same =
      access.operator === person.operator &&
      JSON.stringify(access.memberships) === JSON.stringify(person.memberships)
    if (same) return person
    await people.update(person.id, access)
    deps.authenticator.forget(person.id)
    return { ...person, ...access }
  }

  return {
    async personOf(request: ProviderSignInRequest): Promise<Person> {
      const person =
        (await existing(request)) ??
        (await invited(request)) ??
        (deps.signUp === 'first-sign-in'
          ? await create(newPerson(request, { operator: false, memberships: [] }))
          : undefined)
      if (!person)
        throw new SignInProblem(
          `${request.profile.email} has no account here: ask for an invitation`,
        )
      if (person.disabledAt) throw new SignInProblem('This account is disabled')
      return withGroups(person, request)
    },
  }
}

export type ProviderPeople = ReturnType<typeof providerPeople>
