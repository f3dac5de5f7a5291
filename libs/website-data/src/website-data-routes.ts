import { Readable } from 'node:stream'
import { Router } from '@koa/router'
import type { Middleware } from 'koa'
import type { Db } from 'mongodb'
import { UnsupportedMediaTypeError, ValidationError } from '@cms/errors'
import { routed } from '@cms/http'
import { NDJSON_TYPE } from './export-format.ts'
import { exportRecords } from './export-records.ts'
import { importRecords } from './import-records.ts'
import type { ImportHooks } from './import-rules.ts'
import { ndjsonLines } from './ndjson-lines.ts'
import { purgeBatch } from './purge-batch.ts'
import type { WebsiteDataPlan } from './website-collection.ts'

export const DEFAULT_PURGE_BATCH = 500
const MAX_PURGE_BATCH = 10_000

/** A positive integer query parameter up to `max`, or `fallback` when absent. */
function positiveInteger(
  name: string,
  raw: string | string[] | undefined,
  fallback: number,
  max: number,
): number {
  if (raw === undefined) return fallback
  const text = Array.isArray(raw) ? raw[0] : raw
  if (!/^[1-9]\d*$/.test(text ?? '') || Number(text) > max)
    throw ValidationError.single(name, `an integer from 1 to ${max}`)
  return Number(text)
}

/**
 * The service's side of a website's lifecycle, for the gateway only (`/internal` is never routed
 * from outside), always for the caller's website:
 *
 * - `POST /internal/website-data/purge?limit=N`: removes one batch, `{done, removed}`;
 * - `GET /internal/website-data/export`: the website's records as NDJSON lines;
 * - `POST /internal/website-data/import?firstLine=N` (NDJSON): inserts them, `{imported, notes}`;
 *   its lines are numbered from N (a run of a longer export file).
 *
 * Mount it before the JSON body parser: the import's body is a stream of lines.
 */
export function websiteDataRoutes(deps: {
  db: Db
  plan: WebsiteDataPlan
  /** A read-only instance serves the export only. */
  writes?: boolean
  /** The service's own checks of imported records (the webhook address guard, say). */
  importHooks?: ImportHooks
  /** After a purge batch or an import changed the website's records: caches forget them. */
  changed?: (websiteId: string) => void
}): Middleware {
  const router = new Router({ prefix: '/internal/website-data' })
  router.get('/export', async (ctx) => {
    ctx.type = NDJSON_TYPE
    ctx.body = Readable.from(exportRecords(deps.db, deps.plan, ctx.state.caller.websiteId))
  })
  if (deps.writes !== false) {
    router.post('/purge', async (ctx) => {
      const limit = positiveInteger('limit', ctx.query.limit, DEFAULT_PURGE_BATCH, MAX_PURGE_BATCH)
      const { websiteId } = ctx.state.caller
      try {
        ctx.body = await purgeBatch(deps.db, deps.plan, websiteId, limit)
      } finally {
        deps.changed?.(websiteId)
      }
    })
    router.post('/import', async (ctx) => {
      if (!ctx.is(NDJSON_TYPE)) throw new UnsupportedMediaTypeError(`Imports are ${NDJSON_TYPE}`)
      const { websiteId } = ctx.state.caller
      try {
        ctx.body = await importRecords(
          deps.db,
          deps.plan,
          websiteId,
          // A run of a longer export: refusals name the lines of the whole file.
          ndjsonLines(ctx.req, {
            firstLine: positiveInteger(
              'firstLine',
              ctx.query.firstLine,
              1,
              Number.MAX_SAFE_INTEGER,
            ),
          }),
          deps.importHooks,
        )
      } finally {
        deps.changed?.(websiteId)
      }
    })
  }
  return routed(router)
}
