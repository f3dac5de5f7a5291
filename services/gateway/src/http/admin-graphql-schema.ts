import { BUILT_IN_ROLES } from '@cms/contract'
import type { AdminOperations } from '@cms/contract'
import { OPERATOR_KEY_ID } from '@cms/http'
import type { EndpointHandlers } from '@cms/http'
import type { WebsitesAdmin } from '../domain/websites-admin.ts'
import type { SchemaSdlOf } from '../graphql/schema-download.ts'
import { sendSdl } from '../graphql/schema-download.ts'
import { operatorActor } from './admin-read-routes.ts'

/**
 * `GET /admin/api/websites/:id/graphql/schema.graphql`: the website's GraphQL schema as its
 * owner sees it, for `cms types --graphql`. The operator is not refused while introspection is
 * switched off: that switch keeps the schema from API keys, not from the installation's operators.
 */
export function adminGraphqlSchema(deps: {
  websites: WebsitesAdmin
  sdlOf: SchemaSdlOf
}): EndpointHandlers<AdminOperations, 'viewGraphqlSchema'> {
  return {
    viewGraphqlSchema: async (ctx) => {
      const website = await deps.websites.get(ctx.params.id!)
      const permissions = BUILT_IN_ROLES.owner
      const sdl = await deps.sdlOf({
        caller: {
          websiteId: website.id,
          keyId: ctx.state.operatorId ?? OPERATOR_KEY_ID,
          actor: operatorActor(ctx),
          permissions,
        },
        permissions,
        requestId: ctx.state.requestId,
        traceparent: ctx.state.trace?.traceparent,
      })
      sendSdl(ctx, sdl)
    },
  }
}
