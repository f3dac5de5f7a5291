import { randomUUID } from 'node:crypto'
import type { AuditRecord } from '@cms/audit'
import type { BulkResult } from '@cms/contract'
import { AppError, errorResponse, NotFoundError } from '@cms/errors'
import type { Caller } from '@cms/http'
import type { ChangeResult } from '../document/change-request.ts'
import type { ContentService } from '../domain/content-service.ts'
import { writeKeyOfJob } from './job-record.ts'
import type { StoredJob } from './job-record.ts'

export type DocumentActions = Pick<ContentService, 'publish' | 'unpublish' | 'remove' | 'update'>

/** The audit record of one document's change: the request's, with its own id and target. */
function auditOf(job: StoredJob, id: string): AuditRecord | undefined {
  if (!job.audit) return undefined
  return { ...job.audit, id: randomUUID(), target: { kind: 'document', id } }
}

const failed = (id: string, error: AppError): BulkResult => {
  const { status, body } = errorResponse(error)
  const { details, ...rest } = body.error
  return {
    id,
    outcome: 'failed',
    status,
    error: { ...rest, ...(details && { details: [...details] }) },
  }
}

/**
 * One document of a job, through the single call's use case: the same version, event, audit
 * entry and permission. A change that landed before a crash carries the job's write key, so the
 * store answers it unchanged and it counts as done; nothing is written twice (docs/bulk.md).
 */
export function createDocumentAction(actions: DocumentActions) {
  return async function act(input: {
    job: StoredJob
    caller: Caller
    id: string
    /** The document's batch was under way when the job's last runner stopped. */
    resumed: boolean
  }): Promise<BulkResult> {
    const { job, caller, id } = input
    const writeKey = writeKeyOfJob(job._id)
    const change = { caller, id, writeKey, audit: auditOf(job, id) }
    const outcome = (result: ChangeResult): BulkResult => ({
      id,
      outcome: result.changed || result.document.writeKey === writeKey ? 'done' : 'unchanged',
      status: 200,
      version: result.document.version,
    })
    try {
      switch (job.action) {
        case 'publish':
          return outcome(await actions.publish(change))
        case 'unpublish':
          return outcome(await actions.unpublish(change))
        case 'update':
          return outcome(
            await actions.update({
              ...change,
              ...(job.data && { data: JSON.parse(job.data) as Record<string, unknown> }),
            }),
          )
        case 'delete':
          await actions.remove(change)
          return { id, outcome: 'done', status: 204 }
      }
    } catch (error) {
      // Other errors (storage unreachable) stop the run: the job is resumed, not failed.
      if (!(error instanceof AppError)) throw error
      const ownDelete =
        job.action === 'delete' &&
        input.resumed &&
        error instanceof NotFoundError &&
        (job.found ?? []).includes(id)
      return ownDelete ? { id, outcome: 'done', status: 204 } : failed(id, error)
    }
  }
}

export type DocumentAction = ReturnType<typeof createDocumentAction>
