import { ServiceUnavailableError } from '@cms/errors'
import { endLine, headerLine } from '@cms/website-data'
import type { RolesRepository } from '../data/roles-repository.ts'
import { exportedRole } from '../domain/role.ts'
import type { WebsitesAdmin } from '../domain/websites-admin.ts'
import { operatorCaller } from './purge-steps.ts'
import { auditLines } from './audit-chain-lines.ts'
import type { AuditStore } from '@cms/audit/store'
import type { LifecycleServices } from './purge-steps.ts'

/** The services in export order: types before the documents that use them, webhooks last. */
const EXPORT_ORDER = ['schema', 'content', 'webhook'] as const

const NEWLINE = 0x0a

function countLines(chunk: Uint8Array): number {
  let lines = 0
  for (const byte of chunk) if (byte === NEWLINE) lines++
  return lines
}

/**
 * `GET /admin/api/websites/:id/export` (docs/lifecycle.md): the first line names the website
 * (with its quotas and its own roles),
 * then each service's records stream through as that service wrote them, then the website's
 * audit entries in chain order, then the end line
 * with the number of records. A service that fails midway cuts the stream short without an end
 * line, which the importer refuses and the `cms` tool reports.
 */
export function createWebsiteExport(deps: {
  websites: Pick<WebsitesAdmin, 'get'>
  roles: Pick<RolesRepository, 'listByWebsite'>
  services: LifecycleServices
  audit: Pick<AuditStore, 'inOrder'>
  operatorKeyId: string
  clock: () => Date
}) {
  const open = async (service: (typeof EXPORT_ORDER)[number], websiteId: string) => {
    const response = await deps.services[service].stream(
      operatorCaller(websiteId, deps.operatorKeyId),
      { method: 'GET', path: '/internal/website-data/export' },
    )
    if (response.ok && response.body) return response.body
    await response.body?.cancel().catch(() => undefined)
    throw new ServiceUnavailableError(
      `The ${service} service could not export the website (it answered ${response.status})`,
    )
  }

  return {
    /** The website's export; 404 for an unknown website, 503 when the first service fails. */
    async stream(websiteId: string): Promise<AsyncIterable<string | Uint8Array>> {
      const website = await deps.websites.get(websiteId)
      const first = await open(EXPORT_ORDER[0], website.id)
      const roles = (await deps.roles.listByWebsite(website.id)).map(exportedRole)
      const header = headerLine({
        exportedAt: deps.clock().toISOString(),
        website: {
          id: website.id,
          name: website.name,
          createdAt: website.createdAt.toISOString(),
          ...(website.quotas && Object.keys(website.quotas).length > 0
            ? { quotas: website.quotas as Record<string, number> }
            : {}),
          ...(roles.length > 0 && { roles }),
        },
      })
      return (async function* () {
        yield header
        let records = 0
        for (const service of EXPORT_ORDER) {
          const body = service === EXPORT_ORDER[0] ? first : await open(service, website.id)
          for await (const chunk of body) {
            records += countLines(chunk)
            yield chunk
          }
        }
        for await (const line of auditLines(deps.audit, website.id)) {
          records += 1
          yield line
        }
        yield endLine(records)
      })()
    },
  }
}

export type WebsiteExport = ReturnType<typeof createWebsiteExport>
