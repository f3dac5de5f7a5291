import type { RouterContext } from '@koa/router'
import type {
  ApiKeyCreateBody,
  KeyRotateBody,
  Permissions,
  RoleCreateBody,
  RoleUpdateBody,
} from '@cms/contract'
import { apiKeyInputOf } from '../domain/api-key.ts'
import type { ApiKeysAdmin } from '../domain/api-keys-admin.ts'
import type { RolesAdmin } from '../domain/roles-admin.ts'
import { apiKeyJson, createdApiKeyJson, roleJson } from './admin-json.ts'

/** Who manages a website's keys and roles in a call: which website, granting at most what. */
export interface AccessCaller {
  websiteId(ctx: RouterContext): string
  grantor(ctx: RouterContext): Permissions
}

type Handler = (ctx: RouterContext) => Promise<void>
/** The body the mount checked against the operation's contract schema. */
const bodyOf = <Body>(ctx: RouterContext): Body => ctx.state.input?.body as Body

/**
 * The handlers of a website's keys and roles, the same for the operator's admin API
 * (`/admin/api/websites/:id/...`) and a key with `manageKeys` (`/api/keys`, `/api/roles`): the
 * operations have the same names in both tables, only the website and the grantor differ.
 */
export function accessHandlers(
  deps: { apiKeys: ApiKeysAdmin; roles: RolesAdmin },
  caller: AccessCaller,
) {
  const created = (ctx: RouterContext, key: Awaited<ReturnType<ApiKeysAdmin['create']>>) => {
    ctx.status = 201
    ctx.set('Cache-Control', 'no-store')
    ctx.body = createdApiKeyJson(key)
  }
  return {
    listKeys: async (ctx) => {
      ctx.body = { docs: (await deps.apiKeys.list(caller.websiteId(ctx))).map(apiKeyJson) }
    },
    createKey: async (ctx) => {
      const input = apiKeyInputOf(bodyOf<ApiKeyCreateBody>(ctx), new Date())
      created(ctx, await deps.apiKeys.create(caller.websiteId(ctx), input, caller.grantor(ctx)))
    },
    revokeKey: async (ctx) => {
      await deps.apiKeys.revoke(caller.websiteId(ctx), ctx.params.keyId!, caller.grantor(ctx))
      ctx.status = 204
    },
    rotateKey: async (ctx) => {
      const { graceSeconds } = bodyOf<KeyRotateBody | undefined>(ctx) ?? {}
      const key = await deps.apiKeys.rotate(
        caller.websiteId(ctx),
        ctx.params.keyId!,
        graceSeconds,
        caller.grantor(ctx),
      )
      created(ctx, key)
    },
    listRoles: async (ctx) => {
      ctx.body = { docs: (await deps.roles.list(caller.websiteId(ctx))).map(roleJson) }
    },
    createRole: async (ctx) => {
      const body = bodyOf<RoleCreateBody>(ctx)
      const role = await deps.roles.create(caller.websiteId(ctx), body, caller.grantor(ctx))
      ctx.status = 201
      ctx.body = roleJson(role)
    },
    updateRole: async (ctx) => {
      const change = bodyOf<RoleUpdateBody>(ctx)
      const websiteId = caller.websiteId(ctx)
      const role = await deps.roles.update(websiteId, ctx.params.name!, change, caller.grantor(ctx))
      ctx.body = roleJson(role)
    },
    deleteRole: async (ctx) => {
      await deps.roles.remove(caller.websiteId(ctx), ctx.params.name!, caller.grantor(ctx))
      ctx.status = 204
    },
  } satisfies Record<string, Handler>
}
