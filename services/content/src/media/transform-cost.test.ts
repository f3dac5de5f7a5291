import { describe, expect, it } from 'vitest'
import { outputSizeOf, transformBytes } from './transform-cost.ts'

const source = { width: 4000, height: 3000 }

describe('the cost of a transform', () => {
  it('when one side is asked, then the other keeps the ratio and nothing is enlarged', () => {
    expect(outputSizeOf(source, { width: 400, fit: 'cover', quality: 80 })).toEqual({
      width: 400,
      height: 300,
    })
    expect(outputSizeOf(source, { height: 6000, fit: 'cover', quality: 80 })).toEqual(source)
    expect(outputSizeOf(source, { fit: 'cover', quality: 80 })).toEqual(source)
  })

  it('when the output is AVIF, then its pixels weigh more than for JPEG', () => {
    const cost = (format: 'avif' | 'jpeg') =>
      transformBytes({
        source,
        sourceMime: 'image/png',
        transform: { width: 1920, fit: 'cover', quality: 80, format },
      })
    expect(cost('avif')).toBe(4000 * 3000 * 11 + 1920 * 1440 * 40)
    expect(cost('jpeg')).toBe(4000 * 3000 * 11 + 1920 * 1440 * 6)
  })
})
