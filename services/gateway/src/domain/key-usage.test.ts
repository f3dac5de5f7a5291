import { describe, expect, it } from 'vitest'
import { createKeyUsage } from './key-usage.ts'

function recordingStore(options: { failFirst?: boolean } = {}) {
  const writes: Array<Record<string, string>> = []
  let fail = options.failFirst ?? false
  return {
    writes,
    async recordLastUsed(uses: ReadonlyMap<string, Date>) {
      if (fail) {
        fail = false
        throw new Error('down')
      }
      writes.push(Object.fromEntries([...uses].map(([hash, at]) => [hash, at.toISOString()])))
    },
  }
}

const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second))
const quiet = { warn: () => undefined }

describe('key usage', () => {
  it('when a key is used many times between flushes, then one write carries its latest time', async () => {
    const store = recordingStore()
    const usage = createKeyUsage({ store, flushEveryMs: 60_000, logger: quiet })
    usage.record('a', at(1))
    usage.record('a', at(3))
    usage.record('a', at(2))
    usage.record('b', at(1))
    await usage.flush()
    await usage.flush()
    expect(store.writes).toEqual([{ a: at(3).toISOString(), b: at(1).toISOString() }])
    await usage.stop()
  })

  it('when a write fails, then its times are kept for the next one, and stop writes what is left', async () => {
    const store = recordingStore({ failFirst: true })
    const usage = createKeyUsage({ store, flushEveryMs: 60_000, logger: quiet })
    usage.record('a', at(1))
    await usage.flush()
    expect(store.writes).toEqual([])
    usage.record('b', at(2))
    await usage.stop()
    expect(store.writes).toEqual([{ a: at(1).toISOString(), b: at(2).toISOString() }])
  })
})
