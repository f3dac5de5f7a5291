import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { createImageEngine } from './image-engine.ts'

const png = () =>
  sharp({ create: { width: 30, height: 20, channels: 3, background: '#08f' } })
    .png()
    .toBuffer()

describe('the image engine', () => {
  it('when sharp loads, then it is available and reads the dimensions of an image head', async () => {
    const engine = createImageEngine()
    expect((await engine.state()).available).toBe(true)
    expect(await engine.dimensions(await png())).toEqual({ width: 30, height: 20 })
    expect(await engine.dimensions(Buffer.from('not an image'))).toBeUndefined()
  })

  it('when sharp loads, then libvips keeps no cache and uses one thread per image', async () => {
    await createImageEngine().state()
    expect(sharp.concurrency()).toBe(1)
    const cache = sharp.cache() as { memory: { max: number }; items: { max: number } }
    expect(cache.memory.max).toBe(0)
    expect(cache.items.max).toBe(0)
  })

  it('when sharp cannot be loaded, then the engine says why, once, and reads no dimensions', async () => {
    let loads = 0
    const engine = createImageEngine({
      load: () => {
        loads++
        return Promise.reject(new Error('Could not load the "sharp" module\nmore lines'))
      },
    })
    expect(await engine.state()).toEqual({
      available: false,
      reason: 'sharp could not be loaded (Could not load the "sharp" module)',
    })
    expect(await engine.dimensions(await png())).toBeUndefined()
    await engine.state()
    expect(loads).toBe(1)
  })

  it('when MEDIA_IMAGE_ENGINE is none, then sharp is not even loaded', async () => {
    let loads = 0
    const engine = createImageEngine({
      kind: 'none',
      load: () => {
        loads++
        return import('sharp')
      },
    })
    const state = await engine.state()
    expect(state.available).toBe(false)
    expect(state.available === false && state.reason).toContain('MEDIA_IMAGE_ENGINE=none')
    expect(loads).toBe(0)
  })
})
