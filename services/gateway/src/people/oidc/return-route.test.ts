import { describe, expect, it } from 'vitest'
import { DEFAULT_RETURN, returnRouteOf } from './return-route.ts'

describe('returnRouteOf', () => {
  it('when return is a hash route of the panel, then it is kept', () => {
    for (const route of ['#/', '#/websites/abc?tab=keys', '#/editor/w1/posts/%C3%A9'])
      expect(returnRouteOf(route)).toBe(route)
  })

  it('when return is anything else, then the panel start is used', () => {
    for (const value of [
      undefined,
      ['#/a', '#/b'],
      '',
      '#',
      '#x',
      '/admin#/',
      'https://evil.example/#/',
      '//evil.example',
      '#//evil.example',
      '#/\\evil',
      '#/a b',
      '#/a\nb',
      `#/${'a'.repeat(600)}`,
    ])
      expect(returnRouteOf(value), JSON.stringify(value)).toBe(DEFAULT_RETURN)
  })
})
