import { AuditEntry as AuditEntrySchema } from '@cms/contract'
import { bodyProblems } from '@cms/contract/validation'
import { ValidationError } from '@cms/errors'
import { CHAIN_START, chained, verifyChain } from '@cms/audit'
import type { AuditEntry, AuditRecord, ChainPoint } from '@cms/audit'
import type { AuditStore } from '@cms/audit/store'

/** An export's audit lines: `{"service":"audit","collection":"audit_entries","record":…}`. */
export const AUDIT_SERVICE = 'audit'
const COLLECTION = 'audit_entries'
/** Entries one insert of an import writes. */
const BATCH = 500

/** The website's kept audit entries, oldest first, without their chain (the website's id). */
export async function* auditLines(
  store: Pick<AuditStore, 'inOrder'>,
  websiteId: string,
): AsyncGenerator<string> {
  for await (const { chain: _chain, ...record } of store.inOrder(websiteId))
    yield `${JSON.stringify({ service: AUDIT_SERVICE, collection: COLLECTION, record })}\n`
}

export interface AuditChainImport {
  /** One audit line of the file: checked as an entry of the source chain, then re-chained. */
  add(line: { number: number; collection: string; record: Record<string, unknown> }): Promise<void>
  /** Writes what is left and the import's own entry, naming the source chain's head. */
  finish(own: AuditRecord): Promise<void>
}

/**
 * The imported website's chain (docs/lifecycle.md): the exported entries must verify as the
 * source website's chain (each line's hash recomputed with the source's id as its chain, from
 * where the source's sweep left it), so an edited export is refused rather than re-chained; then
 * each is chained anew in the new website's chain, its content kept, and the import's own entry
 * names the source chain's head.
 */
export function createAuditChainImport(deps: {
  store: Pick<AuditStore, 'insertChained'>
  sourceChain: string
  websiteId: string
}): AuditChainImport {
  let source: ChainPoint | undefined
  let previous: AuditEntry | undefined
  let pending: AuditEntry[] = []

  const flush = async () => {
    await deps.store.insertChained(pending)
    pending = []
  }

  return {
    async add({ number, collection, record }) {
      const where = `line ${number}`
      if (collection !== COLLECTION)
        throw ValidationError.single(where, `the audit log has no collection "${collection}"`)
      const entry = { ...record, chain: deps.sourceChain }
      const problems = bodyProblems(AuditEntrySchema, entry)
      if (problems.length > 0)
        throw new ValidationError(
          `${where}: not an audit entry`,
          problems.map((problem) => ({
            ...problem,
            path: `${where}: record${problem.path === '' ? '' : `.${problem.path}`}`,
          })),
        )
      const exported = entry as AuditEntry
      const start = source ?? { seq: exported.seq - 1, hash: exported.previousHash }
      const verdict = verifyChain([exported], { start })
      if (verdict.problem)
        throw ValidationError.single(
          where,
          `the audit entries do not verify as website ${deps.sourceChain}'s: ${verdict.problem.reason}`,
        )
      source = { seq: exported.seq, hash: exported.hash }
      const { seq: _seq, previousHash: _previous, hash: _hash, ...content } = exported
      previous = chained({ ...content, chain: deps.websiteId }, previous)
      pending.push(previous)
      if (pending.length >= BATCH) await flush()
    },
    async finish(own) {
      await flush()
      const importedFrom = {
        chain: deps.sourceChain,
        seq: source?.seq ?? 0,
        hash: source?.hash ?? CHAIN_START,
      }
      await deps.store.insertChained([
        chained({ ...own, chain: deps.websiteId, importedFrom }, previous),
      ])
    },
  }
}
