import { randomUUID } from 'node:crypto'
import type { Middleware } from 'koa'
import type { Db } from 'mongodb'
import type { Redis } from 'ioredis'
import type { Logger } from 'pino'
import type { Permissions } from '@cms/contract'
import type { GatewayConfig } from '../config.ts'
import type { AuditLog } from '@cms/audit/store'
import type { AuthFailureThrottle } from '../domain/auth-failure-throttle.ts'
import { accountRoutes } from './account-routes.ts'
import { createAccounts } from './accounts.ts'
import { createInvitationsRepository } from './invitations-repository.ts'
import { createProviderSignIn } from './oidc/provider-sign-in.ts'
import { createOneTimeLinks } from './one-time-links.ts'
import { requireOperator } from './operator-auth.ts'
import { createOwnAccount } from './own-account.ts'
import { createPeopleAdmin } from './people-admin.ts'
import type { PeopleAdmin } from './people-admin.ts'
import { createPeopleRepository } from './people-repository.ts'
import { createPersonAccess } from './person-access.ts'
import type { PersonAccess } from './person-access.ts'
import { createPersonAuthenticator } from './person-authenticator.ts'
import type { PersonAuthenticator } from './person-authenticator.ts'
import { createPersonalTokensRepository } from './personal-tokens-repository.ts'
import { createSecondFactor } from './second-factor.ts'
import { sessionStarter } from './session-start.ts'
import { createSessions } from './sessions.ts'
import { createSignInThrottle } from './sign-in-throttle.ts'

export interface PeopleModule {
  authenticator: PersonAuthenticator
  access: PersonAccess
  admin: PeopleAdmin
  /** `/auth`. */
  routes: Middleware
  /** In front of `/admin/api`: an operator, or the admin token. */
  requireOperator: Middleware
  ensureIndexes(): Promise<void>
  /** This instance changed a role of the website: people's cached permissions there go. */
  forgetWebsite(websiteId: string): void
}

/** People, sessions and single sign-on, wired (docs/people.md). */
export function createPeopleModule(deps: {
  db: Db
  redis: Redis
  config: GatewayConfig
  throttle: AuthFailureThrottle
  permissionsOf: (websiteId: string, role: string) => Promise<Permissions | undefined>
  /** Whether the website exists and has the role; else what is wrong. */
  roleProblem: (websiteId: string, role: string) => Promise<string | undefined>
  logger: Logger
  audit: AuditLog
}): PeopleModule {
  const { config, redis } = deps
  const prefix = config.REDIS_PREFIX
  const now = () => new Date()
  const people = createPeopleRepository(deps.db)
  const invitations = createInvitationsRepository(deps.db)
  const tokens = createPersonalTokensRepository(deps.db)
  const timeouts = {
    idleSeconds: config.SESSION_IDLE_MINUTES * 60,
    absoluteSeconds: config.SESSION_MAX_HOURS * 3600,
  }
  const sessions = createSessions({ redis, prefix, timeouts })
  const authenticator = createPersonAuthenticator({
    people,
    sessions,
    tokens,
    ttlMs: config.KEY_CACHE_TTL_MS,
  })
  const access = createPersonAccess({
    permissionsOf: deps.permissionsOf,
    ttlMs: config.KEY_CACHE_TTL_MS,
  })
  const links = createOneTimeLinks({ redis, prefix })
  const secondFactor = createSecondFactor({ redis, prefix })
  const startSession = sessionStarter({
    sessions,
    people,
    absoluteSeconds: timeouts.absoluteSeconds,
    audit: deps.audit,
  })
  const admin = createPeopleAdmin({
    people,
    invitations,
    tokens,
    sessions,
    links,
    authenticator,
    roleProblem: deps.roleProblem,
    resetWebhook: config.PASSWORD_RESET_WEBHOOK,
    logger: deps.logger,
    now,
  })
  const accounts = createAccounts({
    people,
    invitations,
    links,
    sessions,
    authenticator,
    throttle: createSignInThrottle({
      redis,
      prefix,
      failuresPerAccount: config.SIGN_IN_FAILURES_PER_ACCOUNT,
      failuresPerAddress: config.SIGN_IN_FAILURES_PER_ADDRESS,
    }),
    secondFactor,
    newId: randomUUID,
    now,
  })
  const providers = createProviderSignIn({
    settings: config.OIDC_PROVIDERS,
    signUp: config.PEOPLE_SIGN_UP,
    publicUrl: config.PUBLIC_URL,
    redis,
    prefix,
    people,
    invitations,
    startSession,
    authenticator,
    newId: randomUUID,
    now,
    logger: deps.logger,
  })
  return {
    authenticator,
    access,
    admin,
    routes: accountRoutes({
      accounts,
      ownAccount: createOwnAccount({
        people,
        tokens,
        authenticator,
        secondFactor,
        newId: randomUUID,
        now,
      }),
      providers,
      people,
      authenticator,
      sessions,
      startSession,
      publicUrl: config.PUBLIC_URL,
      audit: { log: deps.audit },
    }),
    requireOperator: requireOperator({
      token: config.CMS_ADMIN_TOKEN,
      tokenEnabled: config.ADMIN_TOKEN_ENABLED,
      throttle: deps.throttle,
      people: authenticator,
    }),
    async ensureIndexes() {
      await people.ensureIndexes()
      await invitations.ensureIndexes()
      await tokens.ensureIndexes()
    },
    forgetWebsite: (websiteId) => access.forgetWebsite(websiteId),
  }
}
