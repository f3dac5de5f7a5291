import { Readable } from 'node:stream'
import type { AdminOperations } from '@cms/contract'
import type { EndpointHandlers } from '@cms/http'
import { UnsupportedMediaTypeError } from '@cms/errors'
import { NDJSON_TYPE } from '@cms/website-data'
import { parseWebsiteInput } from '../domain/website.ts'
import type { WebsiteExport } from '../lifecycle/website-export.ts'
import type { WebsiteImport } from '../lifecycle/website-import.ts'
import type { WebsitePurges } from '../lifecycle/website-purges.ts'
import { purgeJson, websiteJson } from './admin-json.ts'
import { recordOf } from '../audit/request-actor.ts'

/**
 * A website's lifecycle on the admin API (docs/lifecycle.md): the progress of a deleted
 * website's purge, export as NDJSON, import of an export as a new website.
 */
export const adminLifecycleRoutes = (deps: {
  exports: WebsiteExport
  imports: WebsiteImport
  purges: WebsitePurges
}): EndpointHandlers<AdminOperations, 'getPurge' | 'exportWebsite' | 'importWebsite'> => ({
  getPurge: async (ctx) => {
    ctx.body = purgeJson(await deps.purges.progress(ctx.params.websiteId))
  },
  exportWebsite: async (ctx) => {
    const stream = await deps.exports.stream(ctx.params.id)
    ctx.type = NDJSON_TYPE
    ctx.set('Content-Disposition', `attachment; filename="website-${ctx.params.id}.ndjson"`)
    ctx.set('Cache-Control', 'no-store')
    ctx.body = Readable.from(stream)
  },
  importWebsite: async (ctx) => {
    try {
      const { name } = parseWebsiteInput({ name: ctx.query.name })
      if (!ctx.is(NDJSON_TYPE))
        throw new UnsupportedMediaTypeError(`An import's body is ${NDJSON_TYPE} (an export)`)
      const report = await deps.imports.run(name, ctx.req, (websiteId) =>
        recordOf(ctx, {
          action: 'website.import',
          target: { kind: 'website', id: websiteId },
          outcome: 'success',
          chain: websiteId,
        }),
      )
      ctx.status = 201
      // The answer may hold webhooks' new secrets, shown this once.
      ctx.set('Cache-Control', 'no-store')
      ctx.body = {
        website: websiteJson(report.website),
        imported: report.imported,
        ...report.notes,
      }
    } catch (error) {
      // The rest of a refused body is not read: the connection cannot be used again.
      if (!ctx.req.complete) ctx.set('Connection', 'close')
      throw error
    }
  },
})
