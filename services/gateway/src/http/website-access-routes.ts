import { Router } from '@koa/router'
import type { Middleware } from 'koa'
import { PUBLIC_OPERATIONS } from '@cms/contract'
import { jsonBody, mountEndpoints, routed } from '@cms/http'
import { parseApiKeyInput } from '../domain/api-key.ts'
import type { ApiKeysAdmin } from '../domain/api-keys-admin.ts'
import type { PreviewTokens } from '../domain/preview-tokens.ts'
import type { RolesAdmin } from '../domain/roles-admin.ts'
import { apiKeyJson, createdApiKeyJson, roleJson } from './admin-json.ts'

export interface WebsiteAccessDeps {
  apiKeys: ApiKeysAdmin
  roles: RolesAdmin
  previews: Pick<PreviewTokens, 'issue'>
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
  const body = jsonBody()
  return mountEndpoints(
    new Router(),
    PUBLIC_OPERATIONS,
    {
      listKeys: async (ctx) => {
        const keys = await deps.apiKeys.list(ctx.state.caller.websiteId)
        ctx.body = { docs: keys.map(apiKeyJson) }
      },
      createKey: async (ctx) => {
        const { caller } = ctx.state
        const input = parseApiKeyInput(ctx.request.body, new Date())
        const created = await deps.apiKeys.create(caller.websiteId, input, caller.permissions)
        ctx.status = 201
        ctx.set('Cache-Control', 'no-store')
        ctx.body = createdApiKeyJson(created)
      },
      revokeKey: async (ctx) => {
        const { caller } = ctx.state
        await deps.apiKeys.revoke(caller.websiteId, ctx.params.keyId, caller.permissions)
        ctx.status = 204
      },
      rotateKey: async (ctx) => {
        const { caller } = ctx.state
        const created = await deps.apiKeys.rotate(
          caller.websiteId,
          ctx.params.keyId,
          ctx.request.body ?? {},
          caller.permissions,
        )
        ctx.status = 201
        ctx.set('Cache-Control', 'no-store')
        ctx.body = createdApiKeyJson(created)
      },
      listRoles: async (ctx) => {
        ctx.body = { docs: (await deps.roles.list(ctx.state.caller.websiteId)).map(roleJson) }
      },
      createRole: async (ctx) => {
        const { caller } = ctx.state
        const role = await deps.roles.create(caller.websiteId, ctx.request.body, caller.permissions)
        ctx.status = 201
        ctx.body = roleJson(role)
      },
      updateRole: async (ctx) => {
        const { caller } = ctx.state
        const role = await deps.roles.update(
          caller.websiteId,
          ctx.params.name,
          ctx.request.body,
          caller.permissions,
        )
        ctx.body = roleJson(role)
      },
      deleteRole: async (ctx) => {
        const { caller } = ctx.state
        await deps.roles.remove(caller.websiteId, ctx.params.name, caller.permissions)
        ctx.status = 204
      },
      createPreviewToken: async (ctx) => {
        const key = ctx.state.apiKey!
        const { token, grant } = deps.previews.issue(key, ctx.request.body)
        ctx.status = 201
        ctx.set('Cache-Control', 'no-store')
        ctx.body = {
          token,
          expiresAt: grant.expiresAt.toISOString(),
          types: grant.types,
          ...(grant.documentId && { documentId: grant.documentId }),
        }
      },
    },
    { before: () => body },
  )
}
