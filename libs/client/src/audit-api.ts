import { PUBLIC_OPERATIONS as API } from '@cms/contract'
import { operationCaller } from './operation-call.ts'
import type { CallOptions, Transport } from './transport.ts'
import type { AuditEntry, AuditHead, AuditQuery } from './types/audit.ts'
import type { Page } from './types/list.ts'

/** `/api/audit`: the website's audit log (a key with `readAudit`). */
export function auditApi(transport: Transport) {
  const call = operationCaller(transport)
  return {
    audit: {
      list: (query: AuditQuery = {}, options?: CallOptions) =>
        call<Page<AuditEntry>>(API.listAudit, { query, ...options }),
      head: (options?: CallOptions) => call<AuditHead>(API.getAuditHead, options),
    },
  }
}
