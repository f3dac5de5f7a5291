/**
 * What a purge removes, in this order: the gateway's own records first, then each service's,
 * the website's audit chain last (a service's entry written during the purge goes with it).
 */
export const PURGE_STEPS = ['gateway', 'content', 'schema', 'webhook', 'audit'] as const
export type PurgeStepName = (typeof PURGE_STEPS)[number]

/**
 * `importing`: the website is being imported and its records are purged only if that fails
 * or its gateway dies (the import's heartbeat stops); `running` until every step is done.
 */
export const PURGE_STATES = ['importing', 'running', 'done'] as const
export type PurgeState = (typeof PURGE_STATES)[number]

export const PURGE_REASONS = ['deleted', 'import-failed', 'import-abandoned'] as const
export type PurgeReason = (typeof PURGE_REASONS)[number]

export interface StepProgress {
  state: 'pending' | 'running' | 'done'
  /** Records removed so far, by collection. */
  removed: Record<string, number>
  batches: number
  /** The last failure of this step (the runner tries again); null after a batch succeeds. */
  lastError: string | null
}

/** The job of removing everything a website owns, in every service (docs/lifecycle.md). */
export interface Purge {
  websiteId: string
  /** The website's name when it was deleted, so the progress says which one it was. */
  name: string
  reason: PurgeReason
  state: PurgeState
  requestedAt: Date
  /** No step runs before: a key revoked on another instance keeps working until then. */
  notBefore: Date
  updatedAt: Date
  finishedAt: Date | null
  /** While importing: past this, the import is taken for dead and its records are purged. */
  heldUntil?: Date
  /** While importing: the exported website, so a second import of it is refused at once. */
  sourceWebsiteId?: string
  steps: Record<PurgeStepName, StepProgress>
}

export const pendingSteps = (): Record<PurgeStepName, StepProgress> =>
  Object.fromEntries(
    PURGE_STEPS.map((step) => [
      step,
      { state: 'pending', removed: {}, batches: 0, lastError: null },
    ]),
  ) as Record<PurgeStepName, StepProgress>
