import { describe, expect, it } from 'vitest'
import {
  addressRange,
  describeRule,
  isPublicAddress,
  refusingRule,
  unbracket,
} from './address-policy.ts'

describe('address policy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.1.1', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['64:ff9b:1::a00:1', 'local-use NAT64'],
  ])('when the address is %s, then it is refused as %s', (address, range) => {
    expect(addressRange(address)).toBe(range)
    expect(isPublicAddress(address)).toBe(false)
  })

  it.each([
    ['169.254.169.254', 'AWS, GCP and Azure IMDS'],
    ['fd00:ec2::254', 'AWS over IPv6'],
    ['169.254.170.2', 'AWS ECS task metadata'],
    ['168.63.129.16', 'Azure wire server'],
    ['100.100.100.200', 'Alibaba Cloud'],
    ['192.0.0.192', 'Oracle Cloud'],
    ['::ffff:168.63.129.16', 'Azure, IPv4-mapped'],
  ])(
    'when the address is the cloud metadata address %s (%s), then it is refused as cloud metadata',
    (address) => {
      expect(addressRange(address)).toBe('cloud metadata')
    },
  )

  it.each([
    ['::7f00:1', 'loopback', 'IPv4-compatible'],
    ['::a00:1', 'private', 'IPv4-compatible'],
    ['::ffff:127.0.0.1', 'loopback', 'IPv4-mapped'],
    ['::ffff:10.0.0.1', 'private', 'IPv4-mapped'],
    ['::ffff:0:7f00:1', 'loopback', 'IPv4-translated'],
    ['2002:7f00:1::', 'loopback', '6to4'],
    ['2002:a9fe:a9fe::1', 'cloud metadata', '6to4'],
    ['2002:c0a8:101::', 'private', '6to4'],
    // Teredo: server 65.54.227.120, client 127.0.0.1 with every bit inverted (80ff:fffe).
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback', 'Teredo'],
    // Teredo with a private server address.
    ['2001:0:a00:1:8000:63bf:f7f7:f7f7', 'private', 'Teredo'],
    ['64:ff9b::7f00:1', 'loopback', 'NAT64'],
    ['64:ff9b::a9fe:a9fe', 'cloud metadata', 'NAT64'],
  ])(
    'when %s embeds a %s IPv4 address (%s), then it is judged by the embedded address',
    (address, rule, form) => {
      expect(refusingRule(address)).toEqual({ rule, embeddedIn: form })
      expect(describeRule(refusingRule(address)!)).toContain(`IPv4 in a ${form} address`)
    },
  )

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '::808:808',
    '2002:808:808::1',
    '64:ff9b::808:808',
    '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
  ])('when the address %s is public (or embeds a public IPv4), then it is allowed', (address) => {
    expect(isPublicAddress(address)).toBe(true)
  })

  it('when a rule is described, then it is named in words and never names the address', () => {
    expect(describeRule(refusingRule('169.254.1.1')!)).toBe('link-local')
    expect(describeRule(refusingRule('2002:a00:1::')!)).toBe('private (IPv4 in a 6to4 address)')
  })

  it('when the text is not an IP address, then it is not public', () => {
    expect(isPublicAddress('example.com')).toBe(false)
    expect(isPublicAddress('0x7f.1')).toBe(false)
  })

  it('when a hostname is a bracketed IPv6 literal, then the brackets are removed', () => {
    expect(unbracket('[::1]')).toBe('::1')
    expect(unbracket('example.com')).toBe('example.com')
  })
})
