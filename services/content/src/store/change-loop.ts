import { ConflictError, NotFoundError, PreconditionFailedError } from '@cms/errors'
import { stateToStored } from '../domain/api-shape.ts'
import type { ChangeReason, DocumentState, StoredDocument } from '../domain/document.ts'
import type { VersionApplier } from './apply-version.ts'
import type { ClaimResult, SlugClaims } from './slug-claims.ts'
import type { VersionCommit } from './version-commit.ts'
import { oneAtATime } from './one-at-a-time.ts'

/** What a change does to the current document; undefined when nothing needs to (idempotent). */
export interface PlannedState {
  reason: ChangeReason
  /** The document after the change; for a delete, its last state. */
  state: DocumentState
}

export interface ChangeRequest {
  websiteId: string
  documentId: string
  changedBy: string
  /** `If-Match`: when given, a document it does not admit, or a lost race, is 412. */
  precondition?: (current: StoredDocument) => boolean
  plan: (current: StoredDocument, now: Date) => Promise<PlannedState | undefined>
}

export interface ChangeResult {
  document: StoredDocument
  changed: boolean
}

const MAX_ATTEMPTS = 100
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Read, plan, commit. A lost race is 412 with a precondition; without one the change is planned
 * again on the newer document, so concurrent writers never lose each other's changes. A new
 * slug is claimed before the commit and the old one given up after it. Changes of one document
 * in this process wait in line; races are left to other processes' writers.
 */
export function createChangeLoop(deps: {
  /** The website's current document, or 404. */
  current: (websiteId: string, documentId: string) => Promise<StoredDocument>
  commit: VersionCommit
  applier: VersionApplier
  slugClaims: SlugClaims
  clock: () => Date
  sleep?: (ms: number) => Promise<void>
}) {
  const sleep = deps.sleep ?? defaultSleep
  const inLine = oneAtATime()

  return (request: ChangeRequest): Promise<ChangeResult> =>
    inLine(request.documentId, () => changeNow(request))

  async function changeNow(request: ChangeRequest): Promise<ChangeResult> {
    const { documentId } = request
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const current = await deps.current(request.websiteId, documentId)
      if (request.precondition && !request.precondition(current))
        throw new PreconditionFailedError()
      const now = deps.clock()
      const planned = await request.plan(current, now)
      if (!planned) return { document: current, changed: false }
      // The schedule lives beside the versioned state, never in it.
      const { schedule: _beside, ...state } = planned.state as StoredDocument
      const plan = { ...planned, state: state as DocumentState }
      const scope = { websiteId: current.websiteId, type: current.type }
      const newSlug = plan.reason !== 'delete' && plan.state.slug !== current.slug
      // A failed commit keeps its slug claim: the insert may have landed, and an abandoned
      // claim is taken over later.
      const claimed: ClaimResult | undefined = newSlug
        ? await deps.slugClaims.claimExact({ ...scope, slug: plan.state.slug }, documentId)
        : undefined
      const outcome = await deps.commit({
        documentId,
        websiteId: current.websiteId,
        version: current.version + 1,
        reason: plan.reason,
        changedBy: request.changedBy,
        state: plan.state,
        now,
      })
      if (outcome === 'applied') {
        if (newSlug)
          await deps.slugClaims.releaseIfUnused({ ...scope, slug: current.slug }, documentId)
        const document = stateToStored(documentId, plan.state)
        return {
          document: current.schedule ? { ...document, schedule: current.schedule } : document,
          changed: true,
        }
      }
      if (claimed === 'new')
        await deps.slugClaims.release({ ...scope, slug: plan.state.slug }, documentId)
      if (outcome === 'gone') throw new NotFoundError(`No document ${documentId}`)
      await deps.applier.catchUp(documentId)
      if (request.precondition) throw new PreconditionFailedError()
      await sleep(Math.random() * Math.min(50, 2 * attempt))
    }
    throw new ConflictError('The document is changing too fast to apply this change; try again')
  }
}

export type ChangeLoop = ReturnType<typeof createChangeLoop>
