import { describe, expect, it } from 'vitest'
import { DEFAULT_TRANSFORM_SIZES, MEDIA_CONFIG_SPEC } from './media-config.ts'

const sizes = (raw: string | undefined) =>
  MEDIA_CONFIG_SPEC.MEDIA_TRANSFORM_SIZES(raw, 'MEDIA_TRANSFORM_SIZES')

describe('MEDIA_TRANSFORM_SIZES', () => {
  it('when unset, then the documented sizes apply', () => {
    expect(sizes(undefined)).toEqual(DEFAULT_TRANSFORM_SIZES)
    expect(DEFAULT_TRANSFORM_SIZES).toContain(160)
  })

  it('when listed, then they are sorted without repeats', () => {
    expect(sizes(' 640, 160,640 ,32')).toEqual([32, 160, 640])
  })

  it('when one is not a side of 1 to 4096, then the setting names it', () => {
    expect(() => sizes('160,0,5000,abc')).toThrow(
      'MEDIA_TRANSFORM_SIZES must list integers from 1 to 4096, separated by commas (not 0, 5000, abc)',
    )
  })
})
