import { Router } from '@koa/router'
import { mountOperations, writeKeyOf } from '@cms/http'
import type { OperationHandlers } from '@cms/http'
import { NO_AUDIT } from '../audit/content-audit.ts'
import type { ContentAudit } from '../audit/content-audit.ts'
import type { BulkJobs } from './bulk-jobs.ts'
import { bulkBodyCheck } from './bulk-request.ts'

/** `POST /api/content/bulk` and `GET /api/jobs/:id`, in write mode only (docs/bulk.md). */
export function bulkRoutes(bulk: BulkJobs, options: { audit?: ContentAudit } = {}): Router {
  const audit = options.audit ?? NO_AUDIT
  const handlers = {
    bulkDocuments: async (ctx) => {
      const { body } = ctx.state.input
      const answer = await bulk.start({
        caller: ctx.state.caller,
        body,
        writeKey: writeKeyOf(ctx, ctx.state.caller.websiteId),
        audit: audit.recordOf(ctx, { action: `document.${body.action}` }),
      })
      ctx.status = answer.status
      if (answer.status === 202) ctx.set('Location', answer.location)
      ctx.body = answer.body
    },
    getJob: async (ctx) => {
      ctx.body = await bulk.get(ctx.state.caller, ctx.state.input.params.id)
    },
  } satisfies OperationHandlers<'bulkDocuments' | 'getJob'>
  return mountOperations(new Router(), handlers, { bodyChecks: { bulkDocuments: bulkBodyCheck } })
}
