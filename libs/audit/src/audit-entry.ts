import { createHash } from 'node:crypto'

/** Who made a change: a key, a person, the admin token's operator, the system, or nobody known. */
export interface AuditActor {
  kind: 'key' | 'person' | 'operator' | 'system' | 'anonymous'
  /** The key's or person's id; null for the admin token, the system and the anonymous. */
  id: string | null
  name?: string
}

/** What a change was made to. */
export interface AuditTarget {
  kind: string
  id?: string
  type?: string
  version?: number
}

/** One change, as its maker records it (docs/audit.md). */
export interface AuditRecord {
  /** A UUID: the same record appended twice is one entry. */
  id: string
  /** ISO 8601, UTC. */
  time: string
  /** The website's chain, or `platform` for changes of no website. */
  chain: string
  actor: AuditActor
  /** `<thing>.<verb>`: `key.create`, `person.sign-in`, `document.publish`. */
  action: string
  target?: AuditTarget
  outcome: 'success' | 'failure'
  requestId?: string
  traceId?: string
  address?: string
  userAgent?: string
  /** The members a settings change named (never their values, never secrets). */
  changes?: string[]
  /** An import's own entry: the head of the chain its entries came from (docs/lifecycle.md). */
  importedFrom?: { chain: string; seq: number; hash: string }
}

/** A record in its chain: its place, the previous entry's hash and its own. */
export interface AuditEntry extends AuditRecord {
  seq: number
  previousHash: string
  hash: string
}

/** The `previousHash` of a chain's first entry. */
export const CHAIN_START = '0'.repeat(64)

/** The chain of changes of no website. */
export const PLATFORM_CHAIN = 'platform'

/** JSON with its object members in code-point order, so that one entry has one text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value as Record<string, unknown>)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`)
    return `{${members.join(',')}}`
  }
  return JSON.stringify(value)
}

/** SHA-256 of the entry's canonical JSON without its own hash (its previousHash included). */
export function entryHash(entry: Omit<AuditEntry, 'hash'>): string {
  const { hash: _ignored, ...hashed } = entry as AuditEntry
  return createHash('sha256').update(canonicalJson(hashed)).digest('hex')
}

/** The next entry of a chain whose last entry is `previous` (none: the chain is empty). */
export function chained(
  record: AuditRecord,
  previous: Pick<AuditEntry, 'seq' | 'hash'> | undefined,
): AuditEntry {
  const unhashed = {
    ...record,
    seq: (previous?.seq ?? 0) + 1,
    previousHash: previous?.hash ?? CHAIN_START,
  }
  return { ...unhashed, hash: entryHash(unhashed) }
}
