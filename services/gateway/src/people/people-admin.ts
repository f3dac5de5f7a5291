import { randomUUID } from 'node:crypto'
import got from 'got'
import type { Logger } from 'pino'
import { ConflictError, NotFoundError, ValidationError } from '@cms/errors'
import type {
  Invitation as InvitationAnswer,
  InvitationCreateBody,
  MembershipBody,
  OneTimeLink,
  PersonCreateBody,
  PersonUpdateBody,
} from '@cms/contract'
import { newPerson } from './accounts.ts'
import type { Invitation, InvitationsRepository } from './invitations-repository.ts'
import { newSecret } from '../domain/secret.ts'
import type { OneTimeLinks } from './one-time-links.ts'
import { hashPassword } from './password-hashing.ts'
import type { PeopleRepository } from './people-repository.ts'
import type { PersonAuthenticator } from './person-authenticator.ts'
import { membershipJson, normalEmail } from './person.ts'
import type { Person, PersonMembership } from './person.ts'
import type { PersonalTokensRepository } from './personal-tokens-repository.ts'
import { panelUrl } from './request-person.ts'
import type { Sessions } from './sessions.ts'

const HOUR_MS = 3600 * 1000
const RESET_SECONDS = 3600
const DEFAULT_INVITATION_HOURS = 72
const FIRST_OPERATOR_SECONDS = 24 * 3600

/** Where the panel's page of a one-time link is: `<base>/admin#/<page>/<token>`. */
const panelLink = (base: string, page: string, token: string): string =>
  panelUrl(base, `#/${page}/${token}`)

export function invitationJson(invitation: Invitation, link?: string): InvitationAnswer {
  return {
    id: invitation.id,
    email: invitation.email,
    operator: invitation.operator,
    memberships: invitation.memberships.map(membershipJson),
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
    ...(link !== undefined && { link }),
  }
}

export interface PeopleAdmin {
  list(): Promise<Person[]>
  get(id: string): Promise<Person>
  create(body: PersonCreateBody): Promise<Person>
  /** `actorId`: the operator making the change, who may not lock themselves out. */
  update(id: string, body: PersonUpdateBody, actorId?: string): Promise<Person>
  remove(id: string, actorId?: string): Promise<void>
  passwordReset(id: string, base: string): Promise<OneTimeLink>
  /** While no operator exists: the one-time link that creates the first one. */
  firstOperatorLink(base: string): Promise<OneTimeLink | undefined>
  listInvitations(): Promise<InvitationAnswer[]>
  invite(body: InvitationCreateBody, base: string): Promise<InvitationAnswer>
  withdraw(invitationId: string): Promise<void>
}

/** The operators' side of people (docs/people.md): accounts, memberships, invitations, resets. */
export function createPeopleAdmin(deps: {
  people: PeopleRepository
  invitations: InvitationsRepository
  tokens: PersonalTokensRepository
  sessions: Sessions
  links: OneTimeLinks
  authenticator: Pick<PersonAuthenticator, 'forget'>
  /** Whether the website exists and has the role; else what is wrong. */
  roleProblem: (websiteId: string, role: string) => Promise<string | undefined>
  /** Reset links are POSTed here too, when set (no mail server needed). */
  resetWebhook?: string
  logger: Logger
  now: () => Date
  newId?: () => string
}): PeopleAdmin {
  const newId = deps.newId ?? randomUUID
  async function get(id: string): Promise<Person> {
    const person = await deps.people.find(id)
    if (!person) throw new NotFoundError(`No person ${id}`)
    return person
  }
  async function membershipsOf(bodies: readonly MembershipBody[]): Promise<PersonMembership[]> {
    const problems: { path: string; message: string }[] = []
    const seen = new Set<string>()
    for (const [index, body] of bodies.entries()) {
      const path = `memberships[${index}]`
      if (seen.has(body.websiteId)) problems.push({ path, message: 'one membership per website' })
      seen.add(body.websiteId)
      const problem = await deps.roleProblem(body.websiteId, body.role)
      if (problem) problems.push({ path, message: problem })
    }
    if (problems.length > 0) throw new ValidationError('Invalid memberships', problems)
    return bodies.map((body) => ({
      websiteId: body.websiteId,
      role: body.role,
      types: body.types ?? null,
    }))
  }
  async function signOut(person: Person): Promise<void> {
    await deps.sessions.endAllOf(person.id)
    deps.authenticator.forget(person.id)
  }
  function refuseSelf(id: string, actorId: string | undefined, what: string): void {
    if (id === actorId) throw new ConflictError(`An operator cannot ${what} themselves`)
  }
  return {
    list: () => deps.people.list(),
    get,
    async create(body) {
      const person = newPerson({
        id: newId(),
        email: body.email,
        name: body.name,
        operator: body.operator,
        memberships: await membershipsOf(body.memberships ?? []),
        passwordHash: body.password === undefined ? null : await hashPassword(body.password),
        createdAt: deps.now(),
      })
      if (!(await deps.people.insert(person)))
        throw new ConflictError(`A person with the email ${person.email} already exists`)
      return person
    },
    async update(id, body, actorId) {
      const person = await get(id)
      if (body.disabled === true || body.operator === false)
        refuseSelf(id, actorId, body.disabled ? 'disable' : 'demote')
      const changes: Partial<Person> = {
        ...(body.name !== undefined && { name: body.name.trim() }),
        ...(body.operator !== undefined && { operator: body.operator }),
        ...(body.memberships !== undefined && {
          memberships: await membershipsOf(body.memberships),
        }),
        ...(body.disabled !== undefined && {
          disabledAt: body.disabled ? (person.disabledAt ?? deps.now()) : null,
        }),
      }
      await deps.people.update(id, changes)
      const updated = { ...person, ...changes }
      if (body.disabled) await signOut(updated)
      else deps.authenticator.forget(id)
      return updated
    },
    async remove(id, actorId) {
      refuseSelf(id, actorId, 'remove')
      const person = await get(id)
      await deps.people.remove(id)
      const hashes = await deps.tokens.removeAllOf(id)
      await signOut(person)
      deps.authenticator.forget(id, hashes)
    },
    async passwordReset(id, base) {
      const person = await get(id)
      const token = await deps.links.issue('password-reset', person.id, RESET_SECONDS)
      const answer = {
        link: panelLink(base, 'reset', token),
        expiresAt: new Date(deps.now().getTime() + RESET_SECONDS * 1000).toISOString(),
      }
      if (deps.resetWebhook) {
        await got
          .post(deps.resetWebhook, {
            json: { email: person.email, name: person.name, ...answer },
            timeout: { request: 5000 },
            retry: { limit: 2 },
          })
          .catch((error: unknown) =>
            deps.logger.warn(
              { err: error },
              'password reset webhook failed; the link is in the answer',
            ),
          )
      }
      return answer
    },
    async firstOperatorLink(base) {
      if (await deps.people.hasOperator()) return undefined
      const token = await deps.links.issue('bootstrap', 'first-operator', FIRST_OPERATOR_SECONDS)
      return {
        link: panelLink(base, 'bootstrap', token),
        expiresAt: new Date(deps.now().getTime() + FIRST_OPERATOR_SECONDS * 1000).toISOString(),
      }
    },
    async listInvitations() {
      const now = deps.now()
      return (await deps.invitations.list())
        .filter((invitation) => invitation.expiresAt > now)
        .map((invitation) => invitationJson(invitation))
    },
    async invite(body, base) {
      const email = normalEmail(body.email)
      if (await deps.people.findByEmail(email))
        throw new ConflictError(`A person with the email ${email} already exists`)
      const { secret, hash } = newSecret()
      const createdAt = deps.now()
      const invitation: Invitation = {
        id: newId(),
        tokenHash: hash,
        email,
        operator: body.operator ?? false,
        memberships: await membershipsOf(body.memberships ?? []),
        createdAt,
        expiresAt: new Date(
          createdAt.getTime() + (body.expiresInHours ?? DEFAULT_INVITATION_HOURS) * HOUR_MS,
        ),
      }
      await deps.invitations.insert(invitation)
      return invitationJson(invitation, panelLink(base, 'invitation', secret))
    },
    async withdraw(invitationId) {
      if (!(await deps.invitations.take(invitationId)))
        throw new NotFoundError(`No invitation ${invitationId}`)
    },
  }
}
