import { describe, expect, it } from 'vitest'
import { ServiceUnavailableError } from '@cms/errors'
import { createReadFence } from './read-fence.ts'
import type { VisibilityMark } from './visibility-marker.ts'

/** A marker whose reads are counted and whose value a test moves between reads. */
function markerOf(...marks: VisibilityMark[]) {
  let reads = 0
  return {
    markers: {
      read: async () => marks[Math.min(reads++, marks.length - 1)]!,
    },
    reads: () => reads,
  }
}

const idle = (generation: number): VisibilityMark => ({ generation, applying: null })
const applying = (generation: number): VisibilityMark => ({ generation, applying: 'r1' })
const noWait = async () => undefined

describe('the read fence', () => {
  it('when the marker stays the same, then a read runs once and later reads cost one marker read each', async () => {
    const { markers, reads } = markerOf(idle(2))
    const fence = createReadFence({ markers, sleep: noWait })
    let runs = 0
    expect(await fence('w', async () => ++runs)).toBe(1)
    expect(reads()).toBe(2)
    expect(await fence('w', async () => ++runs)).toBe(2)
    expect(reads()).toBe(3)
  })

  it('when a release started or ended while the read ran, then the read runs again', async () => {
    const { markers } = markerOf(idle(2), idle(4), idle(4))
    const fence = createReadFence({ markers, sleep: noWait })
    let runs = 0
    expect(await fence('w', async () => ++runs)).toBe(2)
  })

  it('when a release is being applied, then the read waits for it to end before it runs', async () => {
    const { markers } = markerOf(applying(3), applying(3), idle(4), idle(4))
    const fence = createReadFence({ markers, sleep: noWait })
    const seen: number[] = []
    await fence('w', async () => seen.push(1))
    expect(seen).toEqual([1])
  })

  it('when a release stays applied past the wait, then ServiceUnavailableError', async () => {
    const { markers } = markerOf(applying(3))
    const fence = createReadFence({ markers, maxWaitMs: 0, sleep: noWait })
    await expect(fence('w', async () => 1)).rejects.toBeInstanceOf(ServiceUnavailableError)
  })
})
