import { Router } from '@koa/router'
import type { Context } from 'koa'
import { auditedHandlers, mountOperations } from '@cms/http'
import type { AuditedChange, OperationHandlers } from '@cms/http'
import { pageRequestOf } from '@cms/pagination'
import { NO_AUDIT } from '../audit/content-audit.ts'
import type { ContentAudit } from '../audit/content-audit.ts'
import type { Releases } from './releases.ts'

/** The release the call addresses, or the one a create answered. */
const releaseTarget = (ctx: Context) => {
  const id = ctx.params?.id ?? (ctx.body as { id?: string } | undefined)?.id
  return { kind: 'release', ...(id !== undefined && { id }) }
}

/** Changes of a release itself; the documents it publishes have their own entries. */
export const AUDITED_RELEASES = {
  createRelease: { action: 'release.create', target: releaseTarget },
  updateRelease: { action: 'release.update', target: releaseTarget },
  deleteRelease: { action: 'release.delete', target: releaseTarget },
  publishRelease: { action: 'release.publish', target: releaseTarget },
  scheduleRelease: { action: 'release.schedule', target: releaseTarget },
  unscheduleRelease: { action: 'release.unschedule', target: releaseTarget },
} satisfies Record<string, AuditedChange>

/** `/api/releases` (docs/releases.md): read in both modes, changed in write mode. */
export function releaseRoutes(
  releases: Releases,
  options: { writes: boolean; audit?: ContentAudit },
): Router {
  const router = mountOperations(new Router(), {
    listReleases: async (ctx) => {
      ctx.body = await releases.list({
        caller: ctx.state.caller,
        page: pageRequestOf(ctx.state.input.query),
      })
    },
    getRelease: async (ctx) => {
      ctx.body = await releases.get({ caller: ctx.state.caller, id: ctx.state.input.params.id })
    },
  } satisfies OperationHandlers<'listReleases' | 'getRelease'>)
  if (!options.writes) return router
  const audit = options.audit ?? NO_AUDIT
  const call = (ctx: Context) => ({ caller: ctx.state.caller, id: ctx.params.id as string })
  const changes = {
    createRelease: async (ctx) => {
      const release = await releases.create({
        caller: ctx.state.caller,
        body: ctx.state.input.body,
      })
      ctx.status = 201
      ctx.set('Location', `/api/releases/${release.id}`)
      ctx.body = release
    },
    updateRelease: async (ctx) => {
      ctx.body = await releases.update({ ...call(ctx), body: ctx.state.input.body })
    },
    deleteRelease: async (ctx) => {
      await releases.remove(call(ctx))
      ctx.status = 204
    },
    publishRelease: async (ctx) => {
      ctx.body = await releases.publish({
        ...call(ctx),
        auditOf: (entry, action) =>
          audit.recordOf(ctx, {
            action,
            target: { kind: 'document', id: entry.documentId },
          }),
      })
    },
    scheduleRelease: async (ctx) => {
      ctx.body = await releases.schedule({ ...call(ctx), body: ctx.state.input.body })
    },
    unscheduleRelease: async (ctx) => {
      ctx.body = await releases.unschedule(call(ctx))
    },
  } satisfies OperationHandlers<
    | 'createRelease'
    | 'updateRelease'
    | 'deleteRelease'
    | 'publishRelease'
    | 'scheduleRelease'
    | 'unscheduleRelease'
  >
  return mountOperations(router, auditedHandlers(changes, audit.appender, AUDITED_RELEASES))
}
