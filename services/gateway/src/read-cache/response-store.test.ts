import { describe, expect, it } from 'vitest'
import { anyListOf, createResponseStore, untaggedOf } from './response-store.ts'
import type { CachedResponse } from './response-store.ts'

const entry = (tags: string[]): CachedResponse => ({
  headers: {},
  body: Buffer.from('{}'),
  etag: '"1"',
  tags,
})
const store = () => createResponseStore({ maxBytes: 1 << 20, ttlMs: 60_000 })
const fillWith = (s: ReturnType<typeof store>, url: string, tags: string[]) =>
  s.fill('w1', url, () => Promise.resolve(entry(tags)))

describe('tagged response store', () => {
  it('when a change names a tag, then exactly the entries carrying it are dropped', async () => {
    const s = store()
    await fillWith(s, '/a', ['w-w1', 'd-a', 'l-w1-article'])
    await fillWith(s, '/b', ['w-w1', 'd-b', 'l-w1-page'])
    await fillWith(s, '/list', ['w-w1', 'd-a', 'd-b', 'l-w1-article'])
    expect(s.drop('w1', ['d-a'])).toBe(2)
    expect(s.get('w1', '/a')).toBeUndefined()
    expect(s.get('w1', '/list')).toBeUndefined()
    expect(s.get('w1', '/b')).toBeDefined()
  })

  it('when an answer named no tags, then any change of its website drops it', async () => {
    const s = store()
    await fillWith(s, '/a', ['w-w1', untaggedOf('w1')])
    await fillWith(s, '/b', ['w-w1', 'd-b'])
    expect(s.drop('w1', ['d-other'])).toBe(1)
    expect(s.get('w1', '/a')).toBeUndefined()
    expect(s.get('w1', '/b')).toBeDefined()
  })

  it('when every list of a website is named, then its lists go and its documents stay', async () => {
    const s = store()
    await fillWith(s, '/a', ['w-w1', 'd-a'])
    await fillWith(s, '/list', ['w-w1', 'l-w1-article'])
    await fillWith(s, '/pages', ['w-w1', 'l-w1-page'])
    expect(s.drop('w1', [anyListOf('w1')])).toBe(2)
    expect(s.get('w1', '/a')).toBeDefined()
  })

  it('when the website changes while an answer loads, then it is passed on but not kept', async () => {
    const s = store()
    let release: (value: CachedResponse) => void = () => undefined
    const loading = s.fill('w1', '/a', () => new Promise((resolve) => (release = resolve)))
    s.drop('w1', ['d-other'])
    // A reader after the change does not wait for the load that started before it.
    let asked = 0
    const after = s.fill('w1', '/a', () => {
      asked++
      return Promise.resolve(entry(['w-w1', 'd-a']))
    })
    release(entry(['w-w1', 'd-a']))
    expect(await loading).toBeDefined()
    await after
    expect(asked).toBe(1)
    expect(s.get('w1', '/a')).toBeDefined()
  })

  it('when the store is cleared, then nothing stays and a load that started before is not kept', async () => {
    const s = store()
    await fillWith(s, '/a', ['w-w1'])
    let release: (value: CachedResponse) => void = () => undefined
    const loading = s.fill('w1', '/b', () => new Promise((resolve) => (release = resolve)))
    s.clear()
    release(entry(['w-w1']))
    await loading
    expect(s.get('w1', '/a')).toBeUndefined()
    expect(s.get('w1', '/b')).toBeUndefined()
  })

  it('when entries are evicted, then their tags no longer name them', async () => {
    const s = createResponseStore({ maxBytes: 700, ttlMs: 60_000 })
    await fillWith(s, '/a', ['w-w1', 'd-a'])
    await fillWith(s, '/b', ['w-w1', 'd-b'])
    await fillWith(s, '/c', ['w-w1', 'd-c'])
    expect(s.get('w1', '/a')).toBeUndefined()
    expect(s.drop('w1', ['d-a'])).toBe(0)
    expect(s.drop('w1', ['w-w1'])).toBe(2)
  })
})

describe('response store lifetimes', () => {
  it('when entries are filled at the same moment, then they expire spread over the last fifth of the TTL, none after it', async () => {
    let now = 1_000
    const draws = [0, 0.5, 0.999]
    const s = createResponseStore({
      maxBytes: 1 << 20,
      ttlMs: 60_000,
      clock: { now: () => now },
      random: () => draws.shift()!,
    })
    const urls = ['/a', '/b', '/c']
    for (const url of urls) await fillWith(s, url, ['w-w1'])
    const kept = () => urls.map((url) => s.get('w1', url) !== undefined)
    now += 47_000
    expect(kept()).toEqual([true, true, true])
    now += 6_000
    expect(kept()).toEqual([true, true, false])
    now += 6_001
    expect(kept()).toEqual([true, false, false])
    now += 1_000
    expect(s.get('w1', '/a')).toBeUndefined()
  })
})

describe('response store refills', () => {
  /** A store on a test clock without the TTL spread, and a load the test settles. */
  function storeOnClock() {
    const clock = { at: 1_000 }
    const s = createResponseStore({
      maxBytes: 1 << 20,
      ttlMs: 60_000,
      clock: { now: () => clock.at },
      random: () => 0,
    })
    const versioned = (version: string): CachedResponse => ({ ...entry(['w-w1']), etag: version })
    let settle: (value: CachedResponse) => void = () => {}
    const slowLoad = () =>
      new Promise<CachedResponse | undefined>((resolve) => {
        settle = resolve
      })
    return { s, clock, versioned, slowLoad, settle: (v: CachedResponse) => settle(v) }
  }

  it('when an entry expired moments ago and one reader is refilling it, then other readers get it at once and the refill replaces it', async () => {
    const { s, clock, versioned, slowLoad, settle } = storeOnClock()
    await s.fill('w1', '/a', () => Promise.resolve(versioned('"1"')))
    clock.at += 61_000
    const leader = s.fill('w1', '/a', slowLoad)
    const other = await s.fill('w1', '/a', () => Promise.reject(new Error('not asked')))
    expect(other?.etag).toBe('"1"')
    settle(versioned('"2"'))
    expect((await leader)?.etag).toBe('"2"')
    expect(s.get('w1', '/a')?.etag).toBe('"2"')
  })

  it('when an entry expired long ago, then the other readers wait for the refill', async () => {
    const { s, clock, versioned, slowLoad, settle } = storeOnClock()
    await s.fill('w1', '/a', () => Promise.resolve(versioned('"1"')))
    clock.at += 71_000
    const leader = s.fill('w1', '/a', slowLoad)
    const other = s.fill('w1', '/a', () => Promise.reject(new Error('not asked')))
    settle(versioned('"2"'))
    expect((await other)?.etag).toBe('"2"')
    expect((await leader)?.etag).toBe('"2"')
  })

  it('when a change dropped an entry, then no reader gets it while it is refilled', async () => {
    const { s, versioned, slowLoad, settle } = storeOnClock()
    await s.fill('w1', '/a', () => Promise.resolve(versioned('"1"')))
    s.drop('w1', ['w-w1'])
    const leader = s.fill('w1', '/a', slowLoad)
    const other = s.fill('w1', '/a', () => Promise.reject(new Error('not asked')))
    settle(versioned('"2"'))
    expect((await other)?.etag).toBe('"2"')
    await leader
  })

  const notAsked = () => Promise.reject(new Error('not asked'))

  it('when an entry expired moments ago and a refresh is at hand, then every reader gets it at once, one refresh replaces it', async () => {
    const { s, clock, versioned, slowLoad, settle } = storeOnClock()
    await s.fill('w1', '/a', () => Promise.resolve(versioned('"1"')))
    clock.at += 61_000
    let refreshes = 0
    const refresh = () => {
      refreshes++
      return slowLoad()
    }
    expect((await s.fill('w1', '/a', notAsked, refresh))?.etag).toBe('"1"')
    expect((await s.fill('w1', '/a', notAsked, refresh))?.etag).toBe('"1"')
    expect(refreshes).toBe(1)
    settle(versioned('"2"'))
    await new Promise((resolve) => setImmediate(resolve))
    expect(s.get('w1', '/a')?.etag).toBe('"2"')
  })

  it('when a refresh fails, then the expired entry answers until its grace ends and the next reader loads it itself', async () => {
    const { s, clock, versioned } = storeOnClock()
    await s.fill('w1', '/a', () => Promise.resolve(versioned('"1"')))
    clock.at += 61_000
    const failing = () => Promise.reject(new Error('service away'))
    expect((await s.fill('w1', '/a', notAsked, failing))?.etag).toBe('"1"')
    await new Promise((resolve) => setImmediate(resolve))
    expect((await s.fill('w1', '/a', notAsked, failing))?.etag).toBe('"1"')
    await new Promise((resolve) => setImmediate(resolve))
    clock.at += 10_000
    const loaded = await s.fill('w1', '/a', () => Promise.resolve(versioned('"2"')), notAsked)
    expect(loaded?.etag).toBe('"2"')
  })

  it('when the website changes while a refresh runs, then the refreshed answer is not kept', async () => {
    const { s, clock, versioned, slowLoad, settle } = storeOnClock()
    await s.fill('w1', '/a', () => Promise.resolve(versioned('"1"')))
    clock.at += 61_000
    await s.fill('w1', '/a', notAsked, slowLoad)
    s.drop('w1', ['d-other'])
    settle(versioned('"2"'))
    await new Promise((resolve) => setImmediate(resolve))
    expect(s.get('w1', '/a')).toBeUndefined()
  })
})
