import type { CmsAdminClient } from '@cms/client'
import { verifyChain } from '@cms/audit'
import type { AuditEntry, ChainPoint } from '@cms/audit'
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

/** `--head <seq>:<hash>`: a head exported earlier (a log line or the head webhook's body). */
function exportedHead(text: string | undefined): ChainPoint | undefined {
  if (text === undefined) return undefined
  const match = /^(\d+):([0-9a-f]{64})$/.exec(text)
  if (!match)
    throw new CliError('VALIDATION_ERROR', '--head must be <seq>:<hash> (a sha-256 in hex)', [
      { path: '--head', message: 'expected <seq>:<64 hex digits>' },
    ])
  return { seq: Number(match[1]), hash: match[2]! }
}

export const AUDIT_COMMANDS: Readonly<Record<string, Command>> = {
  'audit verify': {
    args: [],
    options: ['website', 'head'],
    summary:
      "Recomputes a chain of the audit log (a website's, or the platform's without --website) from where the retention sweep left it and names the first entry that does not match; with --head <seq>:<hash>, also a chain cut short before that exported head.",
    async run({ admin, values, websiteId }) {
      const expectedHead = exportedHead(values.head)
      const chain = values.website ? await websiteId(values.website) : 'platform'
      const start = (await admin.audit.head(chain)).sweptThrough
      const entries: AuditEntry[] = []
      for await (const entry of entriesOf(admin, chain)) entries.push(entry)
      const verdict = verifyChain(entries, {
        ...(start && { start }),
        ...(expectedHead && { expectedHead }),
      })
      if (verdict.problem)
        throw new CliError('AUDIT_CHAIN_BROKEN', `Chain ${chain}: ${verdict.problem.reason}`, [
          { path: `seq ${verdict.problem.seq}`, message: verdict.problem.reason },
        ])
      const head = verdict.head ? `head ${verdict.head.seq} ${verdict.head.hash}` : 'no entries yet'
      return {
        json: { chain, ...verdict, ...(start && { sweptThrough: start }) },
        human: `Chain ${chain}: ${verdict.checked} entries verify${start ? ` from ${start.seq + 1}` : ''} (${head})\n`,
      }
    },
  },
}
