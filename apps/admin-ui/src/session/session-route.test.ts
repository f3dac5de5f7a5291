import { describe, expect, it } from 'vitest'
import { parseSessionRoute, signInHref } from './session-route.ts'

describe('the routes of signing in', () => {
  it('when the sign-in route carries a problem and a panel route to return to, then both are read, a problem holding "?" included', () => {
    expect(
      parseSessionRoute(
        `#/sign-in?problem=${encodeURIComponent('Who? The provider')}&return=%23%2Feditor%3Ftype%3Dpost`,
      ),
    ).toEqual({ page: 'sign-in', problem: 'Who? The provider', returnTo: '#/editor?type=post' })
  })

  it('when the route to return to is not a route of the panel, then it is dropped', () => {
    for (const target of [
      'https://evil.example/',
      '//evil.example',
      '/admin',
      'javascript:alert(1)',
    ])
      expect(parseSessionRoute(`#/sign-in?return=${encodeURIComponent(target)}`)).toEqual({
        page: 'sign-in',
      })
  })

  it('when a link page is opened, then its token is read; anything else is the app', () => {
    expect(parseSessionRoute('#/invitation/abc%2Bd')).toEqual({
      page: 'invitation',
      token: 'abc+d',
    })
    expect(parseSessionRoute('#/reset/r1')).toEqual({ page: 'reset', token: 'r1' })
    expect(parseSessionRoute('#/bootstrap/b1')).toEqual({ page: 'bootstrap', token: 'b1' })
    expect(parseSessionRoute('#/invitation/')).toEqual({ page: 'app' })
    expect(parseSessionRoute('#/editor')).toEqual({ page: 'app' })
  })

  it('when the sign-in page is reached from a route, then it comes back to that route, never to itself', () => {
    expect(signInHref('#/editor?type=post')).toBe('#/sign-in?return=%23%2Feditor%3Ftype%3Dpost')
    expect(parseSessionRoute(signInHref('#/people')).page).toBe('sign-in')
    expect(signInHref('#/sign-in?return=%23%2F')).toBe('#/sign-in')
    expect(signInHref('')).toBe('#/sign-in')
  })
})
