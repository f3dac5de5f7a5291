import { describe, expect, it } from 'vitest'
import { versionKey, versionNumberOf } from './version-id.ts'

describe('versionNumberOf', () => {
  const id = '0b7c4a8e-1d2f-4c3b-9a8e-7f6d5c4b3a21'

  it('when given the id of a version of this document, then its number', () => {
    expect(versionNumberOf(id, versionKey(id, 7))).toBe(7)
  })

  it('when given a bare version number, then that number', () => {
    expect(versionNumberOf(id, '12')).toBe(12)
  })

  it("when given another document's version, zero, a sign or garbage, then nothing", () => {
    for (const bad of [
      `${id.replace('0b', '1b')}:3`,
      '0',
      '-1',
      '+2',
      '1.5',
      'abc',
      '',
      `${id}:`,
      '01',
    ]) {
      expect(versionNumberOf(id, bad)).toBeUndefined()
    }
  })
})
