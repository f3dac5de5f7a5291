import { randomUUID } from 'node:crypto'
import type { Context } from 'koa'
import type { ChangeStreamQuery, EntryEventName } from '@cms/contract'
import { RateLimitedError, ServiceUnavailableError, ValidationError } from '@cms/errors'
import { quotaRefusal } from '@cms/http'
import type { WebsiteQuotaLookup } from '../domain/website-quota-lookup.ts'
import type { Logger } from '@cms/logger'
import { CHANGE_PAGE_SIZE } from './change-entry.ts'
import type { ChangeEntry, ChangeLogPage, ChangeLogReader } from './change-entry.ts'
import type { ChangeFeeds, FeedMembership } from './change-feeds.ts'
import { createSseWriter } from './sse-writer.ts'
import type { SseWriter } from './sse-writer.ts'
import type { StreamLeases } from './stream-leases.ts'
import { streamEventOf } from './stream-view.ts'
import type { StreamView } from './stream-view.ts'

export interface ChangeStreamDeps {
  /** Undefined without a broker (`AMQP_URL` unset): streams are refused with 503. */
  feeds?: ChangeFeeds
  reader: ChangeLogReader
  leases: StreamLeases
  heartbeatMs: number
  /** The website's quotas in force: `changeStreams` is its limit of open streams. */
  quotas: Pick<WebsiteQuotaLookup, 'quotasOf'>
  logger: Logger
}

/** An open stream, so that the instance can end them all when it stops. */
export type OpenStreams = Set<SseWriter>

const SEQ = /^[0-9]{1,15}$/

/** Where a stream resumes: the header a reconnecting EventSource sends, else `since`. */
function resumePoint(header: string, since: string | undefined): number | undefined {
  if (header !== '') {
    if (!SEQ.test(header.trim()))
      throw ValidationError.single('Last-Event-ID', 'Last-Event-ID must be a sequence number')
    return Number(header.trim())
  }
  return since === undefined ? undefined : Number(since)
}

function viewOf(ctx: Context, query: ChangeStreamQuery): StreamView {
  const grant = ctx.state.grant!
  return {
    drafts: query.draft === 'true',
    readable: grant.types,
    ...(query.type !== undefined && { type: query.type }),
    ...(query.events !== undefined && {
      events: new Set(query.events.split(',') as EntryEventName[]),
    }),
  }
}

/**
 * `GET /api/changes`: the log from the resume point, then the website's feed, with no change
 * missed or sent twice across the switch. The stream joins the feed before its last replay
 * read, so that read reaches at least where the feed's entries start; what the feed hands over
 * meanwhile waits, and every entry at or below the last one sent is dropped.
 */
export function changeStream(deps: ChangeStreamDeps, open: OpenStreams) {
  return async function streamChanges(ctx: Context, query: ChangeStreamQuery): Promise<void> {
    const { feeds } = deps
    if (!feeds) throw new ServiceUnavailableError('Live changes need a message broker (AMQP_URL)')
    const since = resumePoint(ctx.get('last-event-id'), query.since)
    const view = viewOf(ctx, query)
    const { websiteId } = ctx.state.caller
    const streamId = randomUUID()
    const limit = (await deps.quotas.quotasOf(websiteId)).changeStreams
    if (!(await deps.leases.acquire(websiteId, streamId, limit))) {
      const { message, details } = quotaRefusal('changeStreams', limit, limit)
      throw new RateLimitedError(Math.ceil(deps.heartbeatMs / 1000), message, { details })
    }
    let cursor = since ?? 0
    let live = false
    const waiting: ChangeEntry[] = []
    let membership: FeedMembership | undefined
    const sse = createSseWriter({
      heartbeatMs: deps.heartbeatMs,
      onHeartbeat: () => void deps.leases.renew(websiteId, streamId),
      onEnd: () => {
        membership?.leave()
        open.delete(sse)
        void deps.leases.release(websiteId, streamId)
      },
    })
    const send = (entries: readonly ChangeEntry[]) => {
      for (const entry of entries) {
        if (entry.seq <= cursor) continue
        cursor = entry.seq
        const event = streamEventOf(entry, view)
        if (event) sse.event(event.seq, event.event, event)
      }
    }
    try {
      membership = await feeds.join(websiteId, (entries) => {
        if (live) send(entries)
        else waiting.push(...entries)
      })
    } catch (error) {
      sse.end()
      throw error
    }
    open.add(sse)
    // The first replay read answers before the stream opens, so a swept position is a 410.
    let position = since ?? membership.from
    const first =
      since === undefined
        ? undefined
        : await firstPage(() => deps.reader.read(websiteId, since, CHANGE_PAGE_SIZE), sse)
    ctx.req.socket.setTimeout(0)
    ctx.req.socket.setNoDelay(true)
    ctx.status = 200
    ctx.set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    })
    ctx.body = sse.body
    sse.comment('connected')
    if (!first) {
      cursor = position
      live = true
      return
    }
    void (async () => {
      let page = first
      for (;;) {
        send(page.entries)
        position = page.through
        if (page.entries.length < CHANGE_PAGE_SIZE || !sse.open) break
        page = await deps.reader.read(websiteId, position, CHANGE_PAGE_SIZE)
      }
      send(waiting.splice(0))
      live = true
    })().catch((error: unknown) => {
      deps.logger.warn({ err: error, websiteId }, 'a change stream could not replay; closing it')
      sse.end()
    })
  }
}

/** The first page of a replay; the stream is ended (and its lease given back) if it fails. */
async function firstPage(
  read: () => Promise<ChangeLogPage>,
  sse: SseWriter,
): Promise<ChangeLogPage> {
  try {
    return await read()
  } catch (error) {
    sse.end()
    throw error
  }
}
