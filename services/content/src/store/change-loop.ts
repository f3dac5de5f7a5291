import { ConflictError, NotFoundError, PreconditionFailedError } from '@cms/errors'
import { coversType } from '@cms/contract'
import { keyStillHeld } from '@cms/http'
import { stateToStored } from '../document/api-shape.ts'
import type { ChangeRequest, ChangeResult, PlannedState } from '../document/change-request.ts'
import { slugScopesOf } from '../document/document.ts'
import type { DocumentState, SlugScope, StoredDocument } from '../document/document.ts'
import type { VersionApplier } from './apply-version.ts'
import type { SlugClaims } from './slug-claims.ts'
import type { UniqueClaims } from './unique-claims.ts'
import { withHeldUniques } from '../document/unique-values.ts'
import type { VersionCommit } from './version-commit.ts'
import { oneAtATime } from './one-at-a-time.ts'

const MAX_ATTEMPTS = 100
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Read, plan, commit. A lost race is 412 with a precondition; without one the change is planned
 * again on the newer document, so concurrent writers never lose each other's changes. A new
 * slug or `unique` value is claimed before the commit and the old one given up after it. Changes of one document
 * in this process wait in line; races are left to other processes' writers.
 */
export function createChangeLoop(deps: {
  /** The website's current document, or 404. */
  current: (websiteId: string, documentId: string) => Promise<StoredDocument>
  commit: VersionCommit
  applier: VersionApplier
  slugClaims: SlugClaims
  uniqueClaims: UniqueClaims
  clock: () => Date
  sleep?: (ms: number) => Promise<void>
}) {
  const sleep = deps.sleep ?? defaultSleep
  const inLine = oneAtATime()

  return (request: ChangeRequest): Promise<ChangeResult> =>
    inLine(request.documentId, () => changeNow(request))

  /**
   * Claims the slugs the planned state holds and the current one does not (exactly; a derived
   * locale slug as the first free candidate) before the commit.
   */
  async function claimSlugs(
    current: StoredDocument,
    planned: PlannedState,
    state: DocumentState,
  ): Promise<{ state: DocumentState; fresh: SlugScope[] }> {
    const scope = { websiteId: current.websiteId, type: current.type }
    const fresh: SlugScope[] = []
    let slugs = state.slugs
    for (const [locale, base] of Object.entries(planned.derivedSlugs ?? {})) {
      const slug = await deps.slugClaims.claimDerived({ ...scope, slug: base, locale }, current._id)
      slugs = { ...slugs, [locale]: slug }
      if (current.slugs?.[locale] !== slug) fresh.push({ ...scope, slug, locale })
    }
    const withSlugs: DocumentState = slugs ? { ...state, slugs } : state
    const held = new Set(slugScopesOf(current).map(scopeKey))
    for (const wanted of slugScopesOf(withSlugs)) {
      if (held.has(scopeKey(wanted)) || fresh.some((f) => scopeKey(f) === scopeKey(wanted)))
        continue
      if ((await deps.slugClaims.claimExact(wanted, current._id)) === 'new') fresh.push(wanted)
    }
    return { state: withSlugs, fresh }
  }

  async function changeNow(request: ChangeRequest): Promise<ChangeResult> {
    const { documentId } = request
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const current = await deps.current(request.websiteId, documentId)
      if (!coversType(request.types, current.type))
        throw new NotFoundError(`No document ${documentId}`)
      // A retry of this change after it committed (its answer was lost): checked before If-Match,
      // which the change itself has made stale.
      const repeated =
        request.writeKey !== undefined &&
        current.writeKey === request.writeKey &&
        keyStillHeld(current.updatedAt, deps.clock())
      if (repeated) return { document: current, changed: false }
      if (request.precondition && !request.precondition(current))
        throw new PreconditionFailedError()
      const now = deps.clock()
      const planned = await request.plan(current, now)
      if (!planned) return { document: current, changed: false }
      // The schedule lives beside the versioned state, never in it; the write key is this change's.
      const { schedule: _beside, writeKey: _previous, ...unkeyed } = planned.state as StoredDocument
      const state = request.writeKey ? { ...unkeyed, writeKey: request.writeKey } : unkeyed
      const deleting = planned.reason === 'delete'
      const held = deleting ? state : withHeldUniques(state)
      const uniques = deleting
        ? []
        : await deps.uniqueClaims.claimAdded(current, held, current, documentId)
      const claimed = deleting
        ? { state: held as DocumentState, fresh: [] }
        : await claimSlugs(current, planned, held as DocumentState).catch(
            async (error: unknown) => {
              await deps.uniqueClaims.release(uniques, documentId)
              throw error
            },
          )
      const plan = { ...planned, state: claimed.state }
      const outcome = await deps.commit({
        documentId,
        websiteId: current.websiteId,
        version: current.version + 1,
        reason: plan.reason,
        changedBy: request.changedBy,
        state: plan.state,
        now,
        ...(request.audit && { audit: request.audit }),
        ...(plan.eventLocale ? { eventLocale: plan.eventLocale } : {}),
      })
      if (outcome === 'applied') {
        // A delete's slugs are given up when the delete is applied (apply-version.ts).
        const kept = new Set(slugScopesOf(plan.state).map(scopeKey))
        if (!deleting) {
          for (const scope of slugScopesOf(current))
            if (!kept.has(scopeKey(scope))) await deps.slugClaims.releaseIfUnused(scope, documentId)
          await deps.uniqueClaims.releaseDropped(current, plan.state)
        }
        const document = stateToStored(documentId, plan.state)
        return {
          document: current.schedule ? { ...document, schedule: current.schedule } : document,
          changed: true,
        }
      }
      // A failed commit keeps a claim it took over from nobody: the insert may have landed, and
      // an abandoned claim is taken over later. New claims are given back.
      for (const scope of claimed.fresh) await deps.slugClaims.release(scope, documentId)
      await deps.uniqueClaims.release(uniques, documentId)
      if (outcome === 'gone') throw new NotFoundError(`No document ${documentId}`)
      await deps.applier.catchUp(request.websiteId, documentId)
      if (request.precondition) throw new PreconditionFailedError()
      await sleep(Math.random() * Math.min(50, 2 * attempt))
    }
    throw new ConflictError('The document is changing too fast to apply this change; try again')
  }
}

const scopeKey = (scope: SlugScope): string => `${scope.locale ?? ''}\u0000${scope.slug}`

export type ChangeLoop = ReturnType<typeof createChangeLoop>
