import { describe, expect, it } from 'vitest'
import { StartupError } from '@cms/config'
import { parseProviderSettings } from './provider-settings.ts'

const WEBSITE = '00000000-0000-4000-8000-000000000001'
const valid = {
  id: 'corp',
  name: 'Corp SSO',
  issuer: 'https://login.example.com/realms/corp',
  clientId: 'cms',
  clientSecret: 'secret',
}
const parse = (list: unknown[]) => parseProviderSettings(JSON.stringify(list))

describe('parseProviderSettings', () => {
  it('when OIDC_PROVIDERS is absent or empty, then there are no providers', () => {
    expect(parseProviderSettings(undefined)).toEqual([])
    expect(parseProviderSettings(' ')).toEqual([])
  })

  it('when a provider is valid, then its defaults are filled in', () => {
    const [provider] = parse([
      { ...valid, groupRoles: { staff: [{ websiteId: WEBSITE, role: 'editor' }] } },
    ])
    expect(provider!.issuer.href).toBe(valid.issuer)
    expect(provider!.scopes).toEqual(['openid', 'email', 'profile'])
    expect(provider!.groupsClaim).toBe('groups')
    expect(provider!.groupRoles?.get('staff')).toEqual([
      { websiteId: WEBSITE, role: 'editor', types: null },
    ])
    expect(provider!.operatorGroups).toBeUndefined()
  })

  it('when a plain http issuer is on this machine, then it is accepted', () => {
    expect(parse([{ ...valid, issuer: 'http://127.0.0.1:5556/dex' }])).toHaveLength(1)
  })

  it('when the setting is wrong, then startup stops with a StartupError naming the problem', () => {
    const cases: Array<[string, RegExp]> = [
      ['[{', /not JSON/],
      [JSON.stringify({ id: 'x' }), /must be an array/],
      [JSON.stringify([{ ...valid, clientSecret: undefined }]), /clientSecret/],
      [JSON.stringify([{ ...valid, id: 'Has Space' }]), /\[0\]\.id/],
      [JSON.stringify([{ ...valid, issuer: 'http://login.example.com' }]), /https/],
      [JSON.stringify([{ ...valid, issuer: 'https://x.example/?a=1' }]), /no query/],
      [JSON.stringify([{ ...valid, scopes: ['email'] }]), /scopes/],
      [JSON.stringify([{ ...valid, extra: 1 }]), /extra|additional/],
      [
        JSON.stringify([{ ...valid, groupRoles: { a: [{ websiteId: 'w', role: 'x' }] } }]),
        /websiteId/,
      ],
      [JSON.stringify([valid, { ...valid, name: 'Other' }]), /corp is used twice/],
    ]
    for (const [value, message] of cases) {
      expect(() => parseProviderSettings(value), value).toThrow(StartupError)
      expect(() => parseProviderSettings(value), value).toThrow(message)
    }
  })
})
