import type { Readable } from 'node:stream'
import {
  AppError,
  ConflictError,
  ERROR_CODES,
  ServiceUnavailableError,
  ValidationError,
} from '@cms/errors'
import type { ErrorCode, ErrorDetail } from '@cms/errors'
import { QUOTA_NAMES, quotaExceeded } from '@cms/http'
import type { WebsiteQuotas } from '@cms/http'
import { NDJSON_TYPE, ndjsonLines, parseHeader, parseLine } from '@cms/website-data'
import type { EndLine, NumberedLine, RecordLine } from '@cms/website-data'
import type { PurgesRepository } from '../data/purges-repository.ts'
import type { RolesRepository } from '../data/roles-repository.ts'
import type { WebsitesRepository } from '../data/websites-repository.ts'
import type { QuotaUsageReader } from '../domain/quota-report.ts'
import type { Website } from '../domain/website.ts'
import { effectiveQuotas } from '../domain/website-quotas.ts'
import type { QuotaOverride } from '../domain/website-quotas.ts'
import { importedQuotas } from './imported-quotas.ts'
import { importedRoles } from './imported-roles.ts'
import { pendingSteps } from './purge.ts'
import { AUDIT_SERVICE, createAuditChainImport } from './audit-chain-lines.ts'
import type { AuditChainImport } from './audit-chain-lines.ts'
import { operatorCaller } from './purge-steps.ts'
import type { LifecycleServices } from './purge-steps.ts'
import type { AuditRecord } from '@cms/audit'
import type { AuditStore } from '@cms/audit/store'

/** An import renews its claim on the new website this often; one silent for `HOLD_MS` is dead. */
const HEARTBEAT_MS = 10_000
const HOLD_MS = 60_000

export interface ImportReport {
  website: Website
  /** Records inserted per service and collection. */
  imported: Record<string, Record<string, number>>
  /** What the services report beyond counts, e.g. `webhookSecrets: [{id, name, secret}]`. */
  notes: Record<string, unknown[]>
}

type ServiceName = keyof LifecycleServices

const isService = (name: string, services: LifecycleServices): name is ServiceName =>
  Object.hasOwn(services, name)

/** A service's refusal as the same error here (409 for an id that exists, 422 for a bad record). */
async function refusal(response: Response, service: string): Promise<AppError> {
  const body = (await response.json().catch(() => undefined)) as
    { error?: { code?: string; message?: string; details?: ErrorDetail[] } } | undefined
  const code = body?.error?.code
  if (response.status < 500 && code && (ERROR_CODES as readonly string[]).includes(code))
    return new AppError(code as ErrorCode, body?.error?.message ?? 'Import refused', {
      ...(body?.error?.details && { details: body.error.details }),
    })
  return new ServiceUnavailableError(
    `The ${service} service could not import the website (it answered ${response.status})`,
  )
}

/** A refused import names where what it had inserted is being removed. */
function withPurgeNamed(error: unknown, websiteId: string): unknown {
  if (!(error instanceof AppError)) return error
  const detail = {
    path: 'purge',
    message: `what was imported before this is being removed: GET /admin/api/purges/${websiteId}`,
  }
  return new AppError(error.code, error.message, {
    details: [...(error.details ?? []), detail],
    cause: error,
  })
}

/**
 * `POST /admin/api/websites/import?name=` (docs/lifecycle.md): a new website from an export.
 * Refused at once (409) when the export's website is in this installation already, as itself or
 * as an import of it. Each service's run of lines streams to that service's import endpoint,
 * which checks every record as untrusted input and inserts it; the imported usage must be within
 * the quotas (the defaults, or the file's lower ones); the website record is written last, so
 * the website exists only once all its data does. Until then a held purge stands by: any failure (an id
 * that exists, a bad line, an export without its end line, a service down) or a gateway that
 * dies mid-import turns it into a running purge of the new website's records.
 */
export function createWebsiteImport(deps: {
  websites: Pick<WebsitesRepository, 'findById' | 'findImportedFrom' | 'insert'>
  roles: Pick<RolesRepository, 'insert'>
  purges: Pick<PurgesRepository, 'insert' | 'unfinished' | 'holdUntil' | 'startHeld' | 'release'>
  services: LifecycleServices
  /** The new website's audit chain: the exported entries re-chained, then the import's own. */
  audit: Pick<AuditStore, 'insertChained'>
  /** What the new website holds once its records are in, against its quotas. */
  readUsage: QuotaUsageReader
  /** The installation's quota defaults (`installationQuotas`). */
  quotaDefaults: Readonly<WebsiteQuotas>
  operatorKeyId: string
  clock: () => Date
  newId: () => string
  onPurgeRequested: () => void
}) {
  /** The imported records count as if they had been written through the API. */
  async function refuseOverQuota(websiteId: string, quotas: QuotaOverride): Promise<void> {
    const usage = await deps.readUsage(websiteId)
    const limits = effectiveQuotas(quotas, deps.quotaDefaults)
    for (const name of QUOTA_NAMES) {
      const used = usage[name]
      if (used !== undefined && used > limits[name]) throw quotaExceeded(name, limits[name], used)
    }
  }

  async function refuseKnownSource(sourceId: string): Promise<void> {
    const known =
      (await deps.websites.findById(sourceId)) ?? (await deps.websites.findImportedFrom(sourceId))
    if (known) {
      const as = known.id === sourceId ? 'itself' : `website ${known.id} ("${known.name}")`
      const message = `This export's website ${sourceId} is already in this installation (as ${as}); delete it before importing the export again`
      throw new ConflictError(message, { details: [{ path: 'line 1', message }] })
    }
    const unfinished = await deps.purges.unfinished(1000)
    if (unfinished.some((purge) => purge.websiteId === sourceId))
      throw new ConflictError(
        `Website ${sourceId} is being purged; import its export once GET /admin/api/purges/${sourceId} says done`,
      )
    const importing = unfinished.some(
      (purge) => purge.state === 'importing' && purge.sourceWebsiteId === sourceId,
    )
    if (importing) throw new ConflictError(`An import of website ${sourceId} is under way`)
  }

  return {
    /** `own`: the import's entry in the new website's chain (its actor, request, address). */
    async run(
      name: string,
      body: Readable,
      own: (websiteId: string) => AuditRecord,
    ): Promise<ImportReport> {
      const lines = ndjsonLines(body)
      const first = await lines.next()
      const header = parseHeader(first.done ? undefined : first.value.text)
      const quotas = importedQuotas(header.website.quotas, deps.quotaDefaults)
      const roles = importedRoles(header.website.roles)
      await refuseKnownSource(header.website.id)

      const websiteId = deps.newId()
      const startedAt = deps.clock()
      await deps.purges.insert({
        websiteId,
        name,
        reason: 'import-failed',
        state: 'importing',
        requestedAt: startedAt,
        notBefore: startedAt,
        updatedAt: startedAt,
        finishedAt: null,
        heldUntil: new Date(startedAt.getTime() + HOLD_MS),
        sourceWebsiteId: header.website.id,
        steps: pendingSteps(),
      })
      let beatAt = startedAt.getTime()
      const heartbeat = async () => {
        const now = deps.clock().getTime()
        if (now - beatAt < HEARTBEAT_MS) return
        beatAt = now
        await deps.purges.holdUntil(websiteId, new Date(now + HOLD_MS))
      }

      try {
        const chain = createAuditChainImport({
          store: deps.audit,
          sourceChain: header.website.id,
          websiteId,
        })
        const report = await importLines(lines, websiteId, heartbeat, chain)
        await refuseOverQuota(websiteId, quotas)
        const rolesAt = deps.clock()
        for (const role of roles)
          await deps.roles.insert({ websiteId, ...role, createdAt: rolesAt, updatedAt: rolesAt })
        const website: Website = {
          id: websiteId,
          name,
          createdAt: deps.clock(),
          ...(Object.keys(quotas).length > 0 && { quotas }),
          importedFrom: header.website.id,
        }
        await chain.finish(own(websiteId))
        await deps.websites.insert(website)
        await deps.purges.release(websiteId)
        return { website, ...report }
      } catch (error) {
        await deps.purges
          .startHeld(websiteId, 'import-failed', deps.clock())
          .then(deps.onPurgeRequested)
          .catch(() => undefined)
        throw withPurgeNamed(error, websiteId)
      }
    },
  }

  async function importLines(
    lines: AsyncGenerator<NumberedLine>,
    websiteId: string,
    heartbeat: () => Promise<void>,
    chain: AuditChainImport,
  ): Promise<Omit<ImportReport, 'website'>> {
    const caller = operatorCaller(websiteId, deps.operatorKeyId)
    const encoder = new TextEncoder()
    let end: (EndLine & { line: number }) | undefined
    let records = 0
    let lastLine = 1

    /** The next record line and the service it is for; the end line is noted and must be last. */
    type Next =
      | { line: NumberedLine; service: ServiceName }
      | { line: NumberedLine; service: typeof AUDIT_SERVICE; record: RecordLine }
    let audited = false
    const next = async (): Promise<Next | undefined> => {
      for (;;) {
        const read = await lines.next()
        if (read.done) return undefined
        const line = read.value
        lastLine = line.number
        if (end)
          throw ValidationError.single(`line ${line.number}`, 'nothing may follow the end line')
        const parsed = parseLine(line.text, line.number)
        if ('end' in parsed) {
          end = { ...parsed, line: line.number }
          continue
        }
        records++
        if (parsed.service === AUDIT_SERVICE) {
          audited = true
          return { line, service: AUDIT_SERVICE, record: parsed }
        }
        if (!isService(parsed.service, deps.services))
          throw ValidationError.single(
            `line ${line.number}`,
            `no service "${parsed.service}" imports records`,
          )
        if (audited)
          throw ValidationError.single(`line ${line.number}`, 'the audit lines come last')
        return { line, service: parsed.service }
      }
    }

    const imported: Record<string, Record<string, number>> = {}
    const notes: Record<string, unknown[]> = {}
    let current = await next()
    while (current) {
      if (current.service === AUDIT_SERVICE) {
        await chain.add({ number: current.line.number, ...current.record })
        imported.audit = { audit_entries: (imported.audit?.audit_entries ?? 0) + 1 }
        await heartbeat()
        current = await next()
        continue
      }
      const service = current.service
      let failure: unknown
      // The service numbers the run's lines from its first one, and the run keeps the file's
      // empty lines, so a refusal names the line of the whole file.
      const firstLine = current.line.number
      let lastSent = firstLine - 1
      const run = async function* () {
        try {
          while (current && current.service === service) {
            const gap = '\n'.repeat(current.line.number - lastSent - 1)
            lastSent = current.line.number
            yield encoder.encode(`${gap}${current.line.text}\n`)
            await heartbeat()
            current = await next()
          }
        } catch (error) {
          failure = error
          throw error
        }
      }
      let response: Response
      try {
        response = await deps.services[service].stream(caller, {
          method: 'POST',
          path: `/internal/website-data/import?firstLine=${firstLine}`,
          body: run(),
          contentType: NDJSON_TYPE,
          headWithinMs: null,
        })
      } catch (error) {
        throw failure ?? error
      }
      if (failure) throw failure
      if (!response.ok) throw await refusal(response, service)
      const answer = (await response.json()) as {
        imported: Record<string, number>
        notes: Record<string, unknown[]>
      }
      imported[service] = answer.imported
      for (const [topic, entries] of Object.entries(answer.notes ?? {}))
        notes[topic] = [...(notes[topic] ?? []), ...entries]
    }
    if (!end)
      throw ValidationError.single(
        `line ${lastLine + 1}`,
        'the export has no end line: it was cut short (export it again)',
      )
    if (end.records !== records)
      throw ValidationError.single(
        `line ${end.line}`,
        `the end line counts ${end.records} records but the export holds ${records}`,
      )
    return { imported, notes }
  }
}

export type WebsiteImport = ReturnType<typeof createWebsiteImport>
