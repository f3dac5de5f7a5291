import { Router } from '@koa/router'
import type { Middleware } from 'koa'
import { buildAdminDocument } from '@cms/contract/openapi'
import { ADMIN_IO, ADMIN_OPERATIONS, BUILT_IN_ROLES } from '@cms/contract'
import { jsonBody, mountEndpoints, routed } from '@cms/http'
import type { WebsiteQuotas } from '@cms/http'
import { keyRoleProblems } from '../domain/api-key.ts'
import type { ApiKeysAdmin } from '../domain/api-keys-admin.ts'
import type { RolesAdmin } from '../domain/roles-admin.ts'
import { websiteInputOf } from '../domain/website.ts'
import { quotaReport } from '../domain/quota-report.ts'
import type { QuotaUsageReader } from '../domain/quota-report.ts'
import type { WebsitesAdmin } from '../domain/websites-admin.ts'
import type { WebsiteExport } from '../lifecycle/website-export.ts'
import type { WebsiteImport } from '../lifecycle/website-import.ts'
import type { WebsitePurges } from '../lifecycle/website-purges.ts'
import type { AuditLog } from '@cms/audit/store'
import { adminAuditRoutes } from '../audit/audit-routes.ts'
import type { AuditReads } from '../audit/audit-routes.ts'
import { AUDITED_ADMIN, auditedBy } from '../audit/audited-operations.ts'
import type { PeopleAdmin } from '../people/people-admin.ts'
import { peopleAdminRoutes } from '../people/people-admin-routes.ts'
import { accessHandlers } from './access-handlers.ts'
import { websiteJson } from './admin-json.ts'
import { adminLifecycleRoutes } from './admin-lifecycle-routes.ts'
import { adminMediaRoutes } from './admin-media-routes.ts'
import { adminGraphqlSchema } from './admin-graphql-schema.ts'
import { adminReadRoutes } from './admin-read-routes.ts'
import type { UpstreamProxy } from './upstream-proxy.ts'
import type { SchemaSdlOf } from '../graphql/schema-download.ts'

export interface AdminRoutesDeps {
  websites: WebsitesAdmin
  apiKeys: ApiKeysAdmin
  roles: RolesAdmin
  proxy: UpstreamProxy
  readQuotaUsage: QuotaUsageReader
  /** The installation's quota defaults (`installationQuotas`). */
  quotaDefaults: Readonly<WebsiteQuotas>
  /** Cached reads of a website are given up after an admin write that may change them. */
  contentChanged?: (websiteId: string) => Promise<void>
  lifecycle: { exports: WebsiteExport; imports: WebsiteImport; purges: WebsitePurges }
  people: PeopleAdmin
  audit: AuditReads & { log: AuditLog }
  /** Where links point; else the request's origin. */
  publicUrl?: string
  /** A caller's GraphQL schema as SDL (graphql/schema-download.ts). */
  graphqlSdl: SchemaSdlOf
}

/** The platform operator grants anything: its token stands above every website's roles. */
const OPERATOR = BUILT_IN_ROLES.owner

/**
 * `/admin/api`: websites, keys and roles, a website's purge, export and import, plus read-only views of
 * a website's data for the panel.
 */
export function adminRoutes(deps: AdminRoutesDeps): Middleware {
  return routed(adminRouter(deps))
}

/** The router of `/admin/api` (its `stack` lists every admin route, for the OpenAPI tests). */
export function adminRouter(deps: AdminRoutesDeps): Router {
  const body = jsonBody()
  // Quotas: each with its limit, default, override and the website's usage (docs/gateway.md).
  const quotas = async (id: string) => {
    const website = await deps.websites.get(id)
    const usage = await deps.readQuotaUsage(website.id)
    return { quotas: quotaReport(website, usage, deps.quotaDefaults) }
  }
  // The admin API's OpenAPI 3.1 document: it depends on no website, so it is built once.
  let adminDocument: Record<string, unknown> | undefined

  return mountEndpoints(
    new Router(),
    ADMIN_OPERATIONS,
    {
      listWebsites: async (ctx) => {
        ctx.body = { docs: (await deps.websites.list()).map(websiteJson) }
      },
      createWebsite: async (ctx) => {
        ctx.status = 201
        ctx.body = websiteJson(await deps.websites.create(websiteInputOf(ctx.state.input.body)))
      },
      getWebsite: async (ctx) => {
        ctx.body = websiteJson(await deps.websites.get(ctx.params.id))
      },
      renameWebsite: async (ctx) => {
        ctx.body = websiteJson(
          await deps.websites.rename(ctx.params.id, websiteInputOf(ctx.state.input.body)),
        )
      },
      deleteWebsite: async (ctx) => {
        await deps.websites.remove(ctx.params.id)
        ctx.status = 204
      },
      getQuotas: async (ctx) => {
        ctx.body = await quotas(ctx.params.id)
      },
      changeQuotas: async (ctx) => {
        await deps.websites.changeQuotas(ctx.params.id, ctx.state.input.body)
        ctx.body = await quotas(ctx.params.id)
      },
      ...accessHandlers(deps, {
        websiteId: (ctx) => ctx.params.id!,
        grantor: () => OPERATOR,
      }),
      ...peopleAdminRoutes(deps),
      ...adminAuditRoutes(deps.audit),
      getAdminOpenApiDocument: (ctx) => {
        adminDocument ??= buildAdminDocument()
        ctx.set('Cache-Control', 'no-cache')
        ctx.body = adminDocument
      },
      ...adminLifecycleRoutes(deps.lifecycle),
      ...adminReadRoutes({ websites: deps.websites, proxy: deps.proxy }),
      ...adminGraphqlSchema({ websites: deps.websites, sdlOf: deps.graphqlSdl }),
      ...adminMediaRoutes({
        websites: deps.websites,
        proxy: deps.proxy,
        contentChanged: deps.contentChanged,
      }),
    },
    {
      io: ADMIN_IO,
      parseBody: body,
      before: auditedBy(deps.audit, AUDITED_ADMIN),
      bodyChecks: { createKey: keyRoleProblems },
      // Checked by the service the call is forwarded to (after the website is found), or, for
      // an import, by the website's name rule before its body is read.
      checkedLater: [
        'updateMedia',
        'viewDocuments',
        'viewVersions',
        'viewDeliveries',
        'viewMedia',
        'importWebsite',
      ],
    },
  )
}
