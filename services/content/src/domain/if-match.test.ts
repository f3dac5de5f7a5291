import { describe, expect, it } from 'vitest'
import { etagOf, ifMatchAdmits } from './if-match.ts'

describe('ifMatchAdmits', () => {
  it('when the header is the ETag of the version, then it matches', () => {
    expect(ifMatchAdmits(etagOf(3), 3)).toBe(true)
  })

  it('when the header names another version, then it does not match', () => {
    expect(ifMatchAdmits('"2"', 3)).toBe(false)
  })

  it('when the header is bare, weak, a list or *, then each form is understood', () => {
    expect(ifMatchAdmits('3', 3)).toBe(true)
    expect(ifMatchAdmits('W/"3"', 3)).toBe(true)
    expect(ifMatchAdmits('"1", "3"', 3)).toBe(true)
    expect(ifMatchAdmits('*', 7)).toBe(true)
  })

  it('when the header is garbage, then it matches nothing', () => {
    expect(ifMatchAdmits('"abc"', 3)).toBe(false)
    expect(ifMatchAdmits('', 3)).toBe(false)
  })
})
