import { Router } from '@koa/router'
import { auditedHandlers, mountOperations } from '@cms/http'
import type { AuditAppender, OperationHandlers } from '@cms/http'
import type { WebsiteLocales } from '../domain/website-locales.ts'
import { AUDITED_LOCALES } from './audited-changes.ts'

/** `GET /api/locales` (any key) and `PUT /api/locales` (admin; `?force=true`), extensions.md B. */
export function localeRoutes(locales: WebsiteLocales, audit: AuditAppender): Router {
  const handlers: OperationHandlers<'getLocales' | 'setLocales'> = {
    getLocales: async (ctx) => {
      ctx.body = { locales: await locales.get(ctx.state.caller) }
    },
    setLocales: async (ctx) => {
      const force = ctx.state.input.query.force === 'true'
      ctx.body = {
        locales: await locales.set(ctx.state.caller, ctx.state.input.body, { force }),
      }
    },
  }
  return mountOperations(new Router(), auditedHandlers(handlers, audit, AUDITED_LOCALES))
}
