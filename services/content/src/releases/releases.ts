import { randomUUID } from 'node:crypto'
import type { AuditRecord } from '@cms/audit'
import type { ReleaseCreateBody, ReleasePatchBody, ReleaseScheduleBody } from '@cms/contract'
import { ConflictError, NotFoundError, ValidationError } from '@cms/errors'
import type { Caller } from '@cms/http'
import { pageEnvelope, skipOf } from '@cms/pagination'
import type { PageEnvelope, PageRequest } from '@cms/pagination'
import type { DocumentStore } from '../document/document-store.ts'
import type { ContentTypeCatalog } from '../domain/content-types.ts'
import { EDITABLE_STATES, toApiRelease } from './release.ts'
import type { StoredRelease, StoredReleaseEntry } from './release.ts'
import type { ReleaseApplier } from './release-applier.ts'
import { checkRelease } from './release-check.ts'
import { resolvedEntries } from './release-entries.ts'
import type { ReleasesCollection } from './releases-collection.ts'
import type { Release } from '@cms/contract'

export interface ReleaseCall {
  caller: Caller
  id: string
}

/** The release use cases of `/api/releases` (docs/releases.md). */
export function createReleases(deps: {
  releases: ReleasesCollection
  store: Pick<DocumentStore, 'findMany' | 'findVersion'>
  catalog: ContentTypeCatalog
  apply: ReleaseApplier
  clock: () => Date
  leaseMs: number
  /** A release was scheduled here (the runner looks again). */
  onScheduled?: () => void
}) {
  async function owned(input: ReleaseCall): Promise<StoredRelease> {
    const release = await deps.releases.find(input.caller.websiteId, input.id)
    if (!release) throw new NotFoundError(`No release ${input.id}`)
    return release
  }

  function requireEditable(release: StoredRelease, what: string): void {
    if (!EDITABLE_STATES.includes(release.state))
      throw new ConflictError(`A ${release.state} release cannot be ${what}`)
  }

  async function save(release: StoredRelease, change: Partial<StoredRelease>) {
    const saved: StoredRelease = { ...release, ...change, updatedAt: deps.clock() }
    await deps.releases.save(saved)
    return saved
  }

  return {
    async create(input: { caller: Caller; body: ReleaseCreateBody }): Promise<Release> {
      const { caller, body } = input
      const entries = await resolvedEntries(deps.store, caller, body.entries ?? [])
      const now = deps.clock()
      const release: StoredRelease = {
        _id: randomUUID(),
        websiteId: caller.websiteId,
        name: body.name,
        state: 'open',
        entries,
        createdAt: now,
        updatedAt: now,
        createdBy: caller.keyId,
      }
      await deps.releases.insert(release)
      return toApiRelease(release)
    },

    async list(input: { caller: Caller; page: PageRequest }): Promise<PageEnvelope<Release>> {
      const { releases, total } = await deps.releases.page(input.caller.websiteId, {
        skip: skipOf(input.page),
        limit: input.page.limit,
      })
      return pageEnvelope(releases.map(toApiRelease), total, input.page)
    },

    get: async (input: ReleaseCall): Promise<Release> => toApiRelease(await owned(input)),

    async update(input: ReleaseCall & { body: ReleasePatchBody }): Promise<Release> {
      const release = await owned(input)
      requireEditable(release, 'changed')
      const entries: StoredReleaseEntry[] | undefined =
        input.body.entries && (await resolvedEntries(deps.store, input.caller, input.body.entries))
      const change = {
        ...(input.body.name !== undefined && { name: input.body.name }),
        ...(entries && { entries }),
        // A failed release that is changed is open again.
        ...(release.state === 'failed' && { state: 'open' as const }),
      }
      const saved = await save(release, change)
      return toApiRelease(saved)
    },

    async remove(input: ReleaseCall): Promise<void> {
      const release = await owned(input)
      requireEditable(release, 'deleted')
      await deps.releases.remove(release)
    },

    /**
     * Checks every entry (422 naming each failing one, nothing changed), claims the apply and
     * applies it; the answer is the release `published`.
     */
    async publish(
      input: ReleaseCall & {
        auditOf: (entry: StoredReleaseEntry, action: string) => AuditRecord | undefined
      },
    ): Promise<Release> {
      const release = await owned(input)
      requireEditable(release, 'published')
      await checkRelease(deps, input.caller, release)
      const attempt = await deps.releases.claimApply(release, deps.clock(), deps.leaseMs)
      if (attempt === undefined) throw new ConflictError('The release is being published already')
      const applied = await deps
        .apply({
          release,
          attempt,
          caller: input.caller,
          auditOf: input.auditOf,
        })
        .catch(async (error: unknown) => {
          if (error instanceof ConflictError) await deps.releases.releaseClaims(release._id)
          throw error
        })
      return toApiRelease(applied)
    },

    async schedule(input: ReleaseCall & { body: ReleaseScheduleBody }): Promise<Release> {
      const release = await owned(input)
      requireEditable(release, 'scheduled')
      const at = new Date(input.body.at)
      if (at.getTime() <= deps.clock().getTime())
        throw new ValidationError('The schedule is invalid', [
          { path: 'at', message: 'must be in the future' },
        ])
      const { error: _cleared, ...rest } = release
      const saved = await save(rest, {
        state: 'scheduled',
        scheduledAt: at,
        due: at,
        publishedBy: input.caller.keyId,
      })
      deps.onScheduled?.()
      return toApiRelease(saved)
    },

    async unschedule(input: ReleaseCall): Promise<Release> {
      const release = await owned(input)
      if (release.state !== 'scheduled')
        throw new ConflictError(`A ${release.state} release has no schedule to cancel`)
      const { scheduledAt: _at, due: _due, ...rest } = release
      return toApiRelease(await save(rest, { state: 'open' }))
    },
  }
}

export type Releases = ReturnType<typeof createReleases>
