import { Router } from '@koa/router'
import type { Middleware } from 'koa'
import { PUBLIC_IO, PUBLIC_OPERATIONS } from '@cms/contract'
import { jsonBody, mountEndpoints, routed } from '@cms/http'
import { keyRoleProblems } from '../domain/api-key.ts'
import type { ApiKeysAdmin } from '../domain/api-keys-admin.ts'
import type { PreviewTokens } from '../domain/preview-tokens.ts'
import type { RolesAdmin } from '../domain/roles-admin.ts'
import type { AuditLog } from '@cms/audit/store'
import { publicAuditRoutes } from '../audit/audit-routes.ts'
import type { AuditReads } from '../audit/audit-routes.ts'
import { AUDITED_PUBLIC, auditedBy } from '../audit/audited-operations.ts'
import { accessHandlers } from './access-handlers.ts'

export interface WebsiteAccessDeps {
  apiKeys: ApiKeysAdmin
  roles: RolesAdmin
  previews: Pick<PreviewTokens, 'issue'>
  audit: AuditReads & { log: AuditLog }
}

/**
 * The public operations the gateway serves itself (`upstream: 'gateway'`): a website's keys and
 * roles for a key with `manageKeys`, which never grants more than it holds, and preview tokens.
 * They run after the API pipeline authenticated and authorized the call.
 */
export function websiteAccessRoutes(deps: WebsiteAccessDeps): Middleware {
  return routed(websiteAccessRouter(deps))
}

/** The router of the gateway's own public operations (its `stack` lists them, for the tests). */
export function websiteAccessRouter(deps: WebsiteAccessDeps): Router {
  return mountEndpoints(
    new Router(),
    PUBLIC_OPERATIONS,
    {
      ...accessHandlers(deps, {
        websiteId: (ctx) => ctx.state.caller.websiteId,
        grantor: (ctx) => ctx.state.caller.permissions,
      }),
      createPreviewToken: async (ctx) => {
        const { token, grant } = deps.previews.issue(ctx.state.apiKey!, ctx.state.input.body)
        ctx.status = 201
        ctx.set('Cache-Control', 'no-store')
        ctx.body = {
          token,
          expiresAt: grant.expiresAt.toISOString(),
          types: grant.types,
          ...(grant.documentId && { documentId: grant.documentId }),
        }
      },
      ...publicAuditRoutes(deps.audit),
    },
    {
      io: PUBLIC_IO,
      parseBody: jsonBody(),
      bodyChecks: { createKey: keyRoleProblems },
      before: auditedBy(deps.audit, AUDITED_PUBLIC),
    },
  )
}
