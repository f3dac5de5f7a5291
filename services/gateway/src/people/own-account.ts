import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '@cms/errors'
import type {
  CreatedPersonalToken,
  PersonalToken as PersonalTokenAnswer,
  PersonalTokenCreateBody,
} from '@cms/contract'
import { newSecret } from '../domain/secret.ts'
import type { PeopleRepository } from './people-repository.ts'
import { PERSONAL_TOKEN_PREFIX } from './person-authenticator.ts'
import type { PersonAuthenticator, SignedIn } from './person-authenticator.ts'
import type { PersonalToken, PersonalTokensRepository } from './personal-tokens-repository.ts'
import { newTotpSecret } from './second-factor.ts'
import type { SecondFactor } from './second-factor.ts'

const DAY_MS = 24 * 3600 * 1000
const DEFAULT_TOKEN_DAYS = 30

export function personalTokenJson(token: PersonalToken): PersonalTokenAnswer {
  return {
    id: token.id,
    name: token.name,
    prefix: token.prefix,
    createdAt: token.createdAt.toISOString(),
    expiresAt: token.expiresAt.toISOString(),
    lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
  }
}

/** What a signed-in person does to their own account: the second factor, personal tokens. */
export interface OwnAccount {
  startTotp(signedIn: SignedIn): Promise<{ secret: string; uri: string }>
  confirmTotp(signedIn: SignedIn, code: string): Promise<void>
  removeTotp(signedIn: SignedIn, code: string): Promise<void>
  listTokens(signedIn: SignedIn): Promise<PersonalTokenAnswer[]>
  createToken(signedIn: SignedIn, body: PersonalTokenCreateBody): Promise<CreatedPersonalToken>
  revokeToken(signedIn: SignedIn, tokenId: string): Promise<void>
}

/** A personal token acts as its person on the API; managing credentials takes a session. */
function requireSession(signedIn: SignedIn, what: string): void {
  if (!signedIn.session) throw new ForbiddenError(`${what} needs a signed-in session, not a token`)
}

export function createOwnAccount(deps: {
  people: PeopleRepository
  tokens: PersonalTokensRepository
  authenticator: Pick<PersonAuthenticator, 'forget' | 'person'>
  secondFactor: SecondFactor
  newId: () => string
  now: () => Date
}): OwnAccount {
  async function current(signedIn: SignedIn) {
    const person = await deps.people.find(signedIn.person.id)
    if (!person) throw new UnauthorizedError('The session has ended; sign in again')
    return person
  }
  async function requireCode(signedIn: SignedIn, secret: string | null, code: string) {
    if (secret === null) throw new ConflictError('No second factor is being set up')
    if (!(await deps.secondFactor.accepts(signedIn.person.id, secret, code)))
      throw new UnauthorizedError('The authentication code is not right', {
        details: [{ path: 'code', message: 'The authentication code is not right' }],
      })
  }
  return {
    async startTotp(signedIn) {
      requireSession(signedIn, 'Setting up a second factor')
      const person = await current(signedIn)
      if (person.totpSecret) throw new ConflictError('A second factor is set up already')
      const enrolment = newTotpSecret(person.email)
      await deps.people.update(person.id, { pendingTotpSecret: enrolment.secret })
      return enrolment
    },
    async confirmTotp(signedIn, code) {
      requireSession(signedIn, 'Setting up a second factor')
      const person = await current(signedIn)
      await requireCode(signedIn, person.pendingTotpSecret, code)
      await deps.people.update(person.id, {
        totpSecret: person.pendingTotpSecret,
        pendingTotpSecret: null,
      })
      deps.authenticator.forget(person.id)
    },
    async removeTotp(signedIn, code) {
      requireSession(signedIn, 'Removing the second factor')
      const person = await current(signedIn)
      await requireCode(signedIn, person.totpSecret, code)
      await deps.people.update(person.id, { totpSecret: null })
      deps.authenticator.forget(person.id)
    },
    async listTokens(signedIn) {
      return (await deps.tokens.listOf(signedIn.person.id)).map(personalTokenJson)
    },
    async createToken(signedIn, body) {
      requireSession(signedIn, 'Making a personal token')
      const { secret, hash } = newSecret(PERSONAL_TOKEN_PREFIX)
      const createdAt = deps.now()
      const token: PersonalToken = {
        id: deps.newId(),
        personId: signedIn.person.id,
        name: body.name.trim(),
        hash,
        prefix: secret.slice(0, PERSONAL_TOKEN_PREFIX.length + 8),
        createdAt,
        expiresAt: new Date(
          createdAt.getTime() + (body.expiresInDays ?? DEFAULT_TOKEN_DAYS) * DAY_MS,
        ),
        lastUsedAt: null,
      }
      await deps.tokens.insert(token)
      return { ...personalTokenJson(token), token: secret }
    },
    async revokeToken(signedIn, tokenId) {
      const owned = await deps.tokens.listOf(signedIn.person.id)
      const token = owned.find((candidate) => candidate.id === tokenId)
      if (!token || !(await deps.tokens.remove(signedIn.person.id, tokenId)))
        throw new NotFoundError(`You have no personal token ${tokenId}`)
      deps.authenticator.forget(signedIn.person.id, [token.hash])
    },
  }
}
