import { describe, expect, it } from 'vitest'
import { canonicalJson, chained } from './audit-entry.ts'
import type { AuditEntry, AuditRecord } from './audit-entry.ts'
import { verifyChain } from './chain-verification.ts'

const record = (n: number): AuditRecord => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  time: `2026-01-0${n}T00:00:00.000Z`,
  chain: 'w1',
  actor: { kind: 'key', id: 'k1', name: 'ci key' },
  action: 'document.create',
  target: { kind: 'document', id: `d${n}`, type: 'article', version: 1 },
  outcome: 'success',
})

function chainOf(count: number): AuditEntry[] {
  const entries: AuditEntry[] = []
  for (let n = 1; n <= count; n += 1) entries.push(chained(record(n), entries.at(-1)))
  return entries
}

describe('audit chain', () => {
  it('canonical JSON orders members and drops undefined ones', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: undefined } })).toBe(
      '{"a":{"d":[2,{"e":0,"f":1}]},"b":1}',
    )
  })

  it('a whole chain verifies, with its head', () => {
    const entries = chainOf(4)
    expect(entries.map((entry) => entry.seq)).toEqual([1, 2, 3, 4])
    expect(verifyChain(entries)).toEqual({ checked: 4, head: { seq: 4, hash: entries[3]!.hash } })
    expect(
      verifyChain(entries, { expectedHead: { seq: 4, hash: entries[3]!.hash } }).problem,
    ).toBeUndefined()
  })

  it('a changed entry is named', () => {
    const entries = chainOf(4)
    entries[2] = { ...entries[2]!, actor: { kind: 'key', id: 'k2' } }
    expect(verifyChain(entries).problem).toEqual({
      seq: 3,
      reason: 'entry 3 was changed after it was written',
    })
  })

  it('a removed entry is named, in the middle or at the end (against an exported head)', () => {
    const entries = chainOf(4)
    expect(verifyChain([entries[0]!, entries[2]!, entries[3]!]).problem?.seq).toBe(2)
    const head = { seq: 4, hash: entries[3]!.hash }
    expect(verifyChain(entries.slice(0, 3), { expectedHead: head }).problem).toEqual({
      seq: 4,
      reason: 'the chain ends at 3; the exported head is 4',
    })
  })

  it('an entry rewritten with a fresh hash no longer links to the next', () => {
    const entries = chainOf(3)
    const forged = { ...entries[1]!, action: 'document.delete' }
    entries[1] = chained(forged, entries[0])
    expect(verifyChain(entries).problem).toEqual({
      seq: 3,
      reason: 'entry 3 does not link to entry 2',
    })
  })

  it('a swept chain verifies from its start, and an entry removed after the start is named', () => {
    const entries = chainOf(6)
    const start = { seq: 3, hash: entries[2]!.hash }
    const kept = entries.slice(3)
    expect(verifyChain(kept, { start })).toEqual({
      checked: 3,
      head: { seq: 6, hash: entries[5]!.hash },
    })
    expect(verifyChain(entries.slice(1), { start }).problem).toBeUndefined()
    expect(verifyChain([entries[4]!, entries[5]!], { start }).problem?.reason).toBe(
      'entry 4 is missing (the next is 5)',
    )
    const forgedStart = { seq: 3, hash: entries[1]!.hash }
    expect(verifyChain(kept, { start: forgedStart }).problem?.reason).toBe(
      'entry 4 does not link to entry 3',
    )
    expect(verifyChain([], { start }).head).toEqual(start)
  })

  it('a chain rewritten behind an exported head is found at the head', () => {
    const entries = chainOf(5)
    const head = { seq: 3, hash: entries[2]!.hash }
    const rewritten = chainOf(2)
    for (let n = 3; n <= 5; n += 1)
      rewritten.push(chained({ ...record(n), action: 'document.delete' }, rewritten.at(-1)))
    expect(verifyChain(rewritten).problem).toBeUndefined()
    expect(verifyChain(rewritten, { expectedHead: head }).problem).toEqual({
      seq: 3,
      reason: 'entry 3 differs from the exported head',
    })
  })
})
