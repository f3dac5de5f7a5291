import { randomUUID } from 'node:crypto'
import process from 'node:process'
import { MongoClient } from 'mongodb'
import { expect } from 'vitest'
import { startStack } from '@cms/stack'
import type { ServiceName, Stack } from '@cms/stack'
import { jsonClient, waitFor } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'
import { startReceiver } from '../services/webhook/test/support/receiver.ts'
import type { Receiver } from '../services/webhook/test/support/receiver.ts'

/**
 * Shared by the resilience tests: a stack of their own (they stop servers and kill processes),
 * a steady write load whose every answer is recorded, and the checks that nothing acknowledged
 * was lost: the document, its version record, and the event at a webhook receiver.
 */

/** The gateway's upstream time-out in these stacks: no answer may take longer (plus slack). */
export const UPSTREAM_TIMEOUT_MS = 8000

export interface FaultStack {
  stack: Stack
  gatewayUrl: string
  mongoUrl: string
  /** A fresh website with an admin key, the `article` type and a webhook to `receiver`. */
  website(): Promise<FaultSite>
  receiver: Receiver
  stop(): Promise<void>
}

export interface FaultSite {
  websiteId: string
  adminKey: string
  api: ApiCall
}

export async function startFaultStack(
  name: string,
  env: Partial<Record<ServiceName, Record<string, string>>> = {},
): Promise<FaultStack> {
  const quiet = { LOG_LEVEL: 'warn' }
  const stack = await startStack({
    name: `${name}-${Date.now()}-${process.pid}`,
    ephemeral: true,
    // Servers of its own: the shared ones (in process.env) must keep serving other files.
    backendEnv: {},
    env: {
      gateway: { ...quiet, UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS), ...env.gateway },
      'content-write': { ...quiet, ...env['content-write'] },
      'content-read': { ...quiet, ...env['content-read'] },
      schema: { ...quiet, ...env.schema },
      webhook: { ...quiet, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', ...env.webhook },
    },
  })
  const receiver = await startReceiver()
  const gatewayUrl = stack.services.gatewayUrl
  return {
    stack,
    gatewayUrl,
    mongoUrl: stack.backends.mongo.url,
    receiver,
    website: () =>
      createFaultSite({
        gatewayUrl,
        adminToken: stack.services.adminToken,
        hookUrl: `${receiver.url}/events`,
        name,
      }),
    async stop() {
      await receiver.close()
      await stack.stop()
    },
  }
}

/** A fresh website on a gateway with an admin key, the `article` type and a webhook to `hookUrl`. */
export async function createFaultSite(options: {
  gatewayUrl: string
  adminToken: string
  hookUrl: string
  name: string
}): Promise<FaultSite> {
  const { gatewayUrl, name } = options
  const admin = jsonClient(gatewayUrl, { authorization: `Bearer ${options.adminToken}` })
  const site = await admin('POST', '/admin/api/websites', {
    body: { name: `${name}-${randomUUID().slice(0, 8)}` },
  })
  expect(site.status, site.text).toBe(201)
  const key = await admin('POST', `/admin/api/websites/${site.body.id}/keys`, {
    body: { scope: 'admin', rateLimit: { perMinute: 1_000_000, perDay: 100_000_000 } },
  })
  expect(key.status, key.text).toBe(201)
  const api = jsonClient(gatewayUrl, { 'x-api-key': key.body.key })
  const type = await api('POST', '/api/content-types', {
    body: {
      name: 'article',
      titleField: 'title',
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'body', type: 'textarea' },
      ],
    },
  })
  expect(type.status, type.text).toBe(201)
  const hook = await api('POST', '/api/webhooks', { body: { url: options.hookUrl } })
  expect(hook.status, hook.text).toBe(201)
  return { websiteId: site.body.id, adminKey: key.body.key, api }
}

/** Each service's /readyz answer, for a failure message that says which one is stuck. */
export async function readinessReport(stack: Stack): Promise<string> {
  const lines = await Promise.all(
    Object.entries(stack.services.urls).map(async ([name, url]) => {
      try {
        const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(3000) })
        return `${name} ${response.status} ${await response.text()}`
      } catch (error) {
        return `${name} unreachable: ${(error as Error).message}`
      }
    }),
  )
  return lines.join('; ')
}

// ------------------------------------------------------------------------------- load

export type WriteKind = 'create' | 'update' | 'publish'

export interface WriteRecord {
  kind: WriteKind
  documentId?: string
  /** 0 when no HTTP answer came (connection error or our own time-out). */
  status: number
  code?: string
  error?: string
  startedAt: number
  ms: number
  /** The document's version in a 2xx answer: the change this request made (or found). */
  version?: number
  /** The title this request wrote (creates and updates). */
  title?: string
}

export interface WriteLoad {
  records: WriteRecord[]
  /** `count` more operations at once, beside the steady rate; resolves when they are answered. */
  burst(count: number): Promise<void>
  /** Stops issuing and waits for what is in flight. */
  stop(): Promise<WriteRecord[]>
}

interface Known {
  id: string
  published: boolean
}

/**
 * Writes through the gateway at a steady rate, whatever the answers: creates, updates of
 * acknowledged documents and publishes. A request that gets no answer within the gateway's
 * time-out plus slack is recorded as status 0 with error 'hang'.
 */
export function startWriteLoad(options: {
  gatewayUrl: string
  adminKey: string
  perSecond: number
  maxInFlight?: number
  label?: string
}): WriteLoad {
  const records: WriteRecord[] = []
  const known: Known[] = []
  const inFlight = new Set<Promise<void>>()
  const maxInFlight = options.maxInFlight ?? 16
  let counter = 0
  let running = true

  const send = async (kind: WriteKind, method: string, path: string, body: unknown) => {
    const startedAt = Date.now()
    const record: WriteRecord = { kind, status: 0, startedAt, ms: 0 }
    try {
      const response = await fetch(`${options.gatewayUrl}${path}`, {
        method,
        headers: { 'x-api-key': options.adminKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS + 4000),
      })
      const text = await response.text()
      record.status = response.status
      const parsed = text ? JSON.parse(text) : undefined
      if (response.ok) {
        record.documentId = parsed.id
        record.version = parsed.version
      } else {
        record.code = parsed?.error?.code
      }
      return { record, parsed }
    } catch (error) {
      const name = (error as Error).name
      record.error = name === 'TimeoutError' ? 'hang' : (error as Error).message
      return { record, parsed: undefined }
    } finally {
      record.ms = Date.now() - startedAt
      records.push(record)
    }
  }

  const operation = async () => {
    const n = ++counter
    const title = `${options.label ?? 'load'} ${n}`
    const target = known.length > 0 ? known[Math.floor(Math.random() * known.length)] : undefined
    const roll = Math.random()
    if (!target || roll < 0.5) {
      const { record } = await send('create', 'POST', '/api/content', {
        type: 'article',
        data: { title, body: `body of ${n}` },
      })
      record.title = title
      if (record.status === 201 && record.documentId)
        known.push({ id: record.documentId, published: false })
    } else if (!target.published && roll < 0.65) {
      const { record } = await send('publish', 'POST', `/api/content/${target.id}/publish`, {})
      record.documentId = target.id
      if (record.status === 200) target.published = true
    } else {
      const { record } = await send('update', 'PATCH', `/api/content/${target.id}`, {
        data: { title },
      })
      record.documentId = target.id
      record.title = title
    }
  }

  const interval = 1000 / options.perSecond
  const started = Date.now()
  const loop = (async () => {
    for (let tick = 0; running; tick++) {
      const due = started + tick * interval
      const wait = due - Date.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      if (!running) break
      if (inFlight.size >= maxInFlight) continue
      const task = operation().finally(() => inFlight.delete(task))
      inFlight.add(task)
    }
  })()

  return {
    records,
    async burst(count) {
      const tasks = Array.from({ length: count }, () => {
        const task = operation().finally(() => inFlight.delete(task))
        inFlight.add(task)
        return task
      })
      await Promise.all(tasks)
    },
    async stop() {
      running = false
      await loop
      await Promise.all([...inFlight])
      return records
    },
  }
}

export const acknowledged = (records: readonly WriteRecord[]) =>
  records.filter((record) => record.status >= 200 && record.status < 300)

/** A compact summary of answers for assertion messages: `{"201": 40, "503": 12}`. */
export function statusCounts(records: readonly WriteRecord[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const record of records) {
    const key = record.status === 0 ? `no answer (${record.error})` : String(record.status)
    counts[key] = (counts[key] ?? 0) + 1
  }
  return counts
}

// ------------------------------------------------------------------------------- checks

interface ApiVersion {
  id: string
  version: number
  reason: string
  status: string
  slug: string
  data: Record<string, unknown>
}

async function allPages<T>(api: ApiCall, path: string): Promise<T[]> {
  const items: T[] = []
  for (let page = 1; ; page++) {
    const separator = path.includes('?') ? '&' : '?'
    const response = await api('GET', `${path}${separator}limit=100&page=${page}`)
    expect(response.status, `${path}: ${response.text.slice(0, 200)}`).toBe(200)
    items.push(...response.body.docs)
    if (!response.body.hasNextPage) return items
  }
}

const EVENT_OF_REASON: Record<string, string> = {
  create: 'entry.create',
  update: 'entry.update',
  publish: 'entry.publish',
  unpublish: 'entry.unpublish',
  restore: 'entry.update',
}

/** `<documentId>:<version>:<event>` of every event the receiver got for `websiteId`. */
function receivedEvents(receiver: Receiver, websiteId: string): Set<string> {
  const seen = new Set<string>()
  for (const request of receiver.requests) {
    const body = request.json()
    if (body.websiteId !== websiteId) continue
    seen.add(`${body.document.id}:${body.document.version}:${body.event}`)
  }
  return seen
}

export interface Ledger {
  documents: number
  versions: number
  events: number
}

/** What an audit of one website found; every list is empty when nothing was lost. */
export interface WriteAudit extends Ledger {
  acknowledged: number
  /** Acknowledged writes whose change is not in their document's history as answered. */
  lost: string[]
  /** `<documentId>:<version>:<event>` of changes whose event never reached the receiver. */
  eventsMissing: string[]
  /** Everything else found wrong: histories with gaps, partial documents, orphans, stuck events. */
  problems: string[]
}

/**
 * Nothing lost, nothing half-written, nothing doubled, for one website:
 * - every acknowledged write is in its document's history with the version it was answered
 *   with, and creates and updates carry the data they sent;
 * - each document's history is exactly versions 1..n, once each, and the document is version
 *   n with the state of record n (no partial document);
 * - no event stays unsent (no outbox pointer of the website left; MongoDB, directly);
 * - the receiver got an event for every change in every history (duplicates allowed).
 * Waits up to `timeoutMs` for the relay and the webhook service to catch up.
 */
export async function expectNothingLost(options: AuditOptions): Promise<Ledger> {
  const audit = await auditWrites(options)
  expect(audit.problems, 'problems found').toEqual([])
  expect(audit.lost, 'acknowledged writes lost').toEqual([])
  expect(audit.eventsMissing, 'events never delivered').toEqual([])
  return { documents: audit.documents, versions: audit.versions, events: audit.events }
}

export interface AuditOptions {
  api: ApiCall
  mongoUrl: string
  websiteId: string
  records: readonly WriteRecord[]
  receiver: Receiver
  timeoutMs?: number
}

/** The checks of `expectNothingLost`, counted instead of asserted (for figures to print). */
export async function auditWrites(options: AuditOptions): Promise<WriteAudit> {
  const { api } = options
  const deadline = Date.now() + (options.timeoutMs ?? 45_000)
  const problems: string[] = []
  const lost: string[] = []
  const mongo = new MongoClient(options.mongoUrl, { serverSelectionTimeoutMS: 5000 })
  try {
    // The relay settles committed changes whose process or database went away mid-write. A
    // pointer whose attempt never committed (killed between its two inserts) is not an event:
    // the relay drops it once abandoned.
    const db = mongo.db('cms_content')
    const unsentEvents = async () => {
      const pointers = await db
        .collection<{ _id: string; versionId: string }>('outbox')
        .find({ websiteId: options.websiteId })
        .toArray()
      let unsent = 0
      for (const pointer of pointers) {
        const record = await db
          .collection<{ _id: string; event: { eventId: string } }>('versions')
          .findOne({ _id: pointer.versionId })
        if (record?.event.eventId === pointer._id) unsent++
      }
      return unsent
    }
    await waitFor(async () => ((await unsentEvents()) === 0 ? true : undefined), {
      timeoutMs: Math.max(1000, deadline - Date.now()),
      intervalMs: 500,
      what: 'no pending event',
    }).catch(async () => problems.push(`${await unsentEvents()} events still in the outbox`))
    const documents = await allPages<{ id: string; version: number; status: string }>(
      api,
      '/api/content?draft=true',
    )
    const byId = new Map(documents.map((doc) => [doc.id, doc]))
    const expectedEvents: string[] = []
    const histories = new Map<string, ApiVersion[]>()
    for (const doc of documents) {
      const history = await allPages<ApiVersion>(api, `/api/content/${doc.id}/versions`)
      histories.set(doc.id, history)
      const numbers = history.map((v) => v.version).sort((a, b) => a - b)
      const wanted = Array.from({ length: doc.version }, (_, i) => i + 1)
      if (numbers.join() !== wanted.join())
        problems.push(`history of ${doc.id} is versions ${numbers.join()}, not 1..${doc.version}`)
      const latest = history.find((v) => v.version === doc.version)
      const full = await api('GET', `/api/content/${doc.id}?draft=true`)
      try {
        expect(full.body).toMatchObject({
          version: latest?.version,
          status: latest?.status,
          slug: latest?.slug,
          data: latest?.data,
        })
      } catch {
        problems.push(`document ${doc.id} does not show its latest version`)
      }
      for (const v of history)
        expectedEvents.push(`${doc.id}:${v.version}:${EVENT_OF_REASON[v.reason]}`)
    }

    const acknowledgedRecords = acknowledged(options.records)
    for (const record of acknowledgedRecords) {
      const what = `${record.kind} of ${record.documentId} answered ${record.status} v${record.version}`
      const version = histories.get(record.documentId!)?.find((v) => v.version === record.version)
      if (
        !version ||
        (record.kind === 'create' && version.reason !== 'create') ||
        (record.kind === 'update' && version.reason !== 'update') ||
        (record.title !== undefined && version.data.title !== record.title)
      )
        lost.push(what)
    }

    const orphans = await mongo
      .db('cms_content')
      .collection('versions')
      .find({ websiteId: options.websiteId, reason: { $ne: 'delete' } })
      .project({ documentId: 1 })
      .toArray()
    for (const orphan of orphans) {
      if (!byId.has(orphan.documentId as string))
        problems.push(`version ${String(orphan._id)} has no document`)
    }

    const eventsMissing = await waitFor(
      () => {
        const seen = receivedEvents(options.receiver, options.websiteId)
        const missing = expectedEvents.filter((event) => !seen.has(event))
        return missing.length === 0 || Date.now() > deadline ? missing : undefined
      },
      { timeoutMs: Math.max(1000, deadline - Date.now() + 1000), intervalMs: 250 },
    )
    return {
      documents: documents.length,
      versions: expectedEvents.length,
      events: expectedEvents.length,
      acknowledged: acknowledgedRecords.length,
      lost,
      eventsMissing,
      problems,
    }
  } finally {
    await mongo.close()
  }
}
