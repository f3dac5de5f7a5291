import type { CmsAdminClient } from '@cms/client'
import { verifyChain } from '@cms/audit'
import type { AuditEntry } from '@cms/audit'
import { CliError } from './cli-command.ts'
import type { Command } from './cli-command.ts'

const PAGE = 100

/** Every entry of a chain, oldest first, a page at a time. */
async function* entriesOf(admin: CmsAdminClient, chain: string): AsyncGenerator<AuditEntry> {
  for (let page = 1; ; page += 1) {
    const answer = await admin.audit.list({
      chain,
      order: 'asc',
      page: String(page),
      limit: String(PAGE),
    })
    yield* answer.docs as AuditEntry[]
    if (!answer.hasNextPage) return
  }
}

export const AUDIT_COMMANDS: Readonly<Record<string, Command>> = {
  'audit verify': {
    args: [],
    options: ['website'],
    summary:
      "Recomputes a chain of the audit log (a website's, or the platform's without --website) and names the first entry that does not match.",
    async run({ admin, values, websiteId }) {
      const chain = values.website ? await websiteId(values.website) : 'platform'
      const entries: AuditEntry[] = []
      for await (const entry of entriesOf(admin, chain)) entries.push(entry)
      const verdict = verifyChain(entries)
      if (verdict.problem)
        throw new CliError('AUDIT_CHAIN_BROKEN', `Chain ${chain}: ${verdict.problem.reason}`, [
          { path: `seq ${verdict.problem.seq}`, message: verdict.problem.reason },
        ])
      const head = verdict.head ? `head ${verdict.head.seq} ${verdict.head.hash}` : 'no entries yet'
      return {
        json: { chain, ...verdict },
        human: `Chain ${chain}: ${verdict.checked} entries verify (${head})\n`,
      }
    },
  },
}
