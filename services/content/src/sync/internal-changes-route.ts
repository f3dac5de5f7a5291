import { Router } from '@koa/router'
import { GoneError, ValidationError } from '@cms/errors'
import type { ChangeReader, ResolvedChange } from '../store/change-reader.ts'

const MAX_LIMIT = 1000

/** A non-negative integer query parameter, or the default when absent. */
function integerParam(params: URLSearchParams, name: string, fallback: number, max: number) {
  const raw = params.get(name)
  if (raw === null) return fallback
  const value = Number(raw)
  if (!/^\d{1,15}$/.test(raw) || value > max)
    throw ValidationError.single(name, `must be an integer from 0 to ${max}`)
  return value
}

/**
 * A change as the live stream needs it: whether the document is gone, whether it is published
 * after the change (a delete: when it was deleted; unknown for entries claimed before the log
 * recorded it), and whether only a pending draft changed (the published view is the same).
 */
function feedEntryOf(change: ResolvedChange) {
  const { seq, documentId, type, event, record } = change
  const published = record ? record.state.status === 'published' : change.published
  return {
    seq,
    documentId,
    type,
    event,
    ...(!record && { deleted: true }),
    ...(published !== undefined && { published }),
    ...(record?.reason === 'draft' && { draft: true }),
  }
}

/**
 * `GET /internal/changes?since=<seq>&limit=` (the live change feed's replay): the caller's
 * website's committed changes after `since`, in seq order, stopping before the first one that
 * may still commit; `head` is the resolved head, `through` where the next read starts.
 */
export function internalChangesRoute(reader: ChangeReader): Router {
  const router = new Router({ prefix: '/internal' })
  router.get('/changes', async (ctx) => {
    const params = new URLSearchParams(ctx.querystring)
    const since = integerParam(params, 'since', 0, Number.MAX_SAFE_INTEGER)
    const limit = integerParam(params, 'limit', 100, MAX_LIMIT)
    const { websiteId } = ctx.state.caller
    // limit=0: the resolved head alone, where a live feed starts whatever the sweep removed.
    if (limit === 0) {
      ctx.body = { entries: [], head: await reader.resolvedHead(websiteId), through: since }
      return
    }
    if (await reader.isGone(websiteId, since))
      throw new GoneError(`The change log no longer holds the changes after ${since}`)
    const head = await reader.resolvedHead(websiteId)
    const batch = await reader.read({ websiteId, after: since, upTo: head, limit })
    ctx.body = {
      entries: batch.changes.map(feedEntryOf),
      head,
      through: batch.through,
    }
  })
  return router
}
