import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '@cms/errors'
import type {
  BootstrapBody,
  InvitationAcceptBody,
  PasswordResetBody,
  PasswordSignInBody,
} from '@cms/contract'
import type { InvitationsRepository, Invitation } from './invitations-repository.ts'
import { hashSecret, looksLikeSecret } from '../domain/secret.ts'
import type { OneTimeLinks } from './one-time-links.ts'
import { decoyHash, hashPassword, verifyPassword } from './password-hashing.ts'
import type { PeopleRepository } from './people-repository.ts'
import type { PersonAuthenticator } from './person-authenticator.ts'
import { normalEmail } from './person.ts'
import type { Person, PersonMembership } from './person.ts'
import type { SecondFactor } from './second-factor.ts'
import type { Sessions } from './sessions.ts'
import type { SignInThrottle } from './sign-in-throttle.ts'

/** How a person comes to be: every field but the ones a sign-in sets later. */
export function newPerson(fields: {
  id: string
  email: string
  name: string
  operator?: boolean
  memberships?: PersonMembership[]
  passwordHash?: string | null
  identities?: string[]
  createdAt: Date
}): Person {
  return {
    id: fields.id,
    email: normalEmail(fields.email),
    name: fields.name.trim(),
    operator: fields.operator ?? false,
    disabledAt: null,
    memberships: fields.memberships ?? [],
    passwordHash: fields.passwordHash ?? null,
    totpSecret: null,
    pendingTotpSecret: null,
    identities: fields.identities ?? [],
    createdAt: fields.createdAt,
    lastSignInAt: null,
  }
}

const WRONG = 'The email or password is not right'
export const CODE_NEEDED = 'An authentication code from your app is needed'

export interface Accounts {
  /** The person a password (and code) signs in; 401 alike for every wrong part. */
  signInWithPassword(body: PasswordSignInBody, address: string): Promise<Person>
  openInvitation(token: string): Promise<Invitation>
  acceptInvitation(token: string, body: InvitationAcceptBody): Promise<Person>
  /** Sets the password of a reset link's person and ends their sessions. */
  resetPassword(body: PasswordResetBody): Promise<void>
  /** The first operator, with the one-time token printed at startup. */
  bootstrap(body: BootstrapBody): Promise<Person>
}

/** Signing in with a password, invitations, resets and the first operator (docs/people.md). */
export function createAccounts(deps: {
  people: PeopleRepository
  invitations: InvitationsRepository
  links: OneTimeLinks
  sessions: Sessions
  authenticator: Pick<PersonAuthenticator, 'forget'>
  throttle: SignInThrottle
  secondFactor: SecondFactor
  newId: () => string
  now: () => Date
}): Accounts {
  async function openInvitation(token: string): Promise<Invitation> {
    const invitation = looksLikeSecret(token)
      ? await deps.invitations.findByToken(hashSecret(token))
      : undefined
    if (!invitation || invitation.expiresAt <= deps.now())
      throw new NotFoundError('This invitation is not valid: it expired, was used or withdrawn')
    return invitation
  }
  async function insertPerson(person: Person): Promise<Person> {
    if (!(await deps.people.insert(person)))
      throw new ConflictError(`A person with the email ${person.email} already exists`)
    return person
  }
  return {
    async signInWithPassword(body, address) {
      const email = normalEmail(body.email)
      await deps.throttle.assertAllowed(email, address)
      const person = await deps.people.findByEmail(email)
      const passwordRight = await verifyPassword(
        body.password,
        person?.passwordHash ?? (await decoyHash()),
      )
      if (!person || !person.passwordHash || !passwordRight) {
        await deps.throttle.recordFailure(email, address)
        throw new UnauthorizedError(WRONG)
      }
      if (person.totpSecret) {
        if (body.totp === undefined)
          throw new UnauthorizedError(CODE_NEEDED, {
            details: [{ path: 'totp', message: CODE_NEEDED }],
          })
        if (!(await deps.secondFactor.accepts(person.id, person.totpSecret, body.totp))) {
          await deps.throttle.recordFailure(email, address)
          throw new UnauthorizedError('The authentication code is not right', {
            details: [{ path: 'totp', message: 'The authentication code is not right' }],
          })
        }
      }
      if (person.disabledAt) throw new ForbiddenError('This account is disabled')
      await deps.throttle.recordSuccess(email)
      return person
    },
    openInvitation,
    async acceptInvitation(token, body) {
      const invitation = await openInvitation(token)
      if (await deps.people.findByEmail(invitation.email))
        throw new ConflictError(`A person with the email ${invitation.email} already exists`)
      const person = newPerson({
        id: deps.newId(),
        email: invitation.email,
        name: body.name,
        operator: invitation.operator,
        memberships: invitation.memberships,
        passwordHash: await hashPassword(body.password),
        createdAt: deps.now(),
      })
      if (!(await deps.invitations.take(invitation.id)))
        throw new NotFoundError('This invitation is not valid: it expired, was used or withdrawn')
      return insertPerson(person)
    },
    async resetPassword(body) {
      const personId = await deps.links.take('password-reset', body.token)
      const person = personId && (await deps.people.find(personId))
      if (!person) throw new NotFoundError('This reset link is not valid: it expired or was used')
      await deps.people.update(person.id, { passwordHash: await hashPassword(body.password) })
      await deps.sessions.endAllOf(person.id)
      deps.authenticator.forget(person.id)
    },
    async bootstrap(body) {
      if (await deps.people.hasOperator())
        throw new ConflictError('An operator exists already; ask them for an invitation')
      if ((await deps.links.take('bootstrap', body.token)) === undefined)
        throw new NotFoundError('This link is not valid: it expired or was used')
      return insertPerson(
        newPerson({
          id: deps.newId(),
          email: body.email,
          name: body.name,
          operator: true,
          passwordHash: await hashPassword(body.password),
          createdAt: deps.now(),
        }),
      )
    },
  }
}
