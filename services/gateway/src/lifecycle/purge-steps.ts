import { BUILT_IN_ROLES } from '@cms/contract'
import type { Db } from 'mongodb'
import type { Caller, InternalClient } from '@cms/http'
import { purgeBatch } from '@cms/website-data'
import type { PurgeBatchResult } from '@cms/website-data'
import type { AuditChains } from '@cms/audit/store'
import type { PurgeStep } from './purge-runner.ts'
import { GATEWAY_WEBSITE_DATA } from './website-data-plan.ts'

export interface LifecycleServices {
  /** The content writer: purges and imports write; the export reads the primary too. */
  content: InternalClient
  schema: InternalClient
  webhook: InternalClient
}

/** Who the services see when the gateway works on a website's data: the operator, as the website's owner. */
export const operatorCaller = (websiteId: string, operatorKeyId: string): Caller => ({
  websiteId,
  keyId: operatorKeyId,
  permissions: BUILT_IN_ROLES.owner,
})

const isBatchResult = (body: unknown): body is PurgeBatchResult =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as PurgeBatchResult).done === 'boolean' &&
  typeof (body as PurgeBatchResult).removed === 'object'

/** A purge's steps in order: the gateway's own records in process, each service's through its endpoint. */
export function purgeSteps(deps: {
  db: Db
  services: LifecycleServices
  audit: Pick<AuditChains, 'purgeBatch'>
  operatorKeyId: string
}): PurgeStep[] {
  const remote = (name: 'content' | 'schema' | 'webhook'): PurgeStep => ({
    name,
    async batch(websiteId, limit) {
      const answer = await deps.services[name].post(
        operatorCaller(websiteId, deps.operatorKeyId),
        `/internal/website-data/purge?limit=${limit}`,
      )
      if (answer.status !== 200 || !isBatchResult(answer.body))
        throw new Error(`the ${name} service answered ${answer.status} to a purge batch`)
      return answer.body
    },
  })
  return [
    {
      name: 'gateway',
      batch: (websiteId, limit) => purgeBatch(deps.db, GATEWAY_WEBSITE_DATA, websiteId, limit),
    },
    remote('content'),
    remote('schema'),
    remote('webhook'),
    { name: 'audit', batch: (websiteId, limit) => deps.audit.purgeBatch(websiteId, limit) },
  ]
}
