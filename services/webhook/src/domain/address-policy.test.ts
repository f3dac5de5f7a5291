import { describe, expect, it } from 'vitest'
import { addressRange, isPublicAddress, unbracket } from './address-policy.ts'

describe('address policy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.100.100.200', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fd00:ec2::254', 'uniqueLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['::ffff:10.0.0.1', 'private'],
  ])('when the address is %s, then it is refused as %s', (address, range) => {
    expect(addressRange(address)).toBe(range)
    expect(isPublicAddress(address)).toBe(false)
  })

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'when the address %s is public, then it is allowed',
    (address) => {
      expect(isPublicAddress(address)).toBe(true)
    },
  )

  it('when the text is not an IP address, then it is not public', () => {
    expect(isPublicAddress('example.com')).toBe(false)
    expect(isPublicAddress('0x7f.1')).toBe(false)
  })

  it('when a hostname is a bracketed IPv6 literal, then the brackets are removed', () => {
    expect(unbracket('[::1]')).toBe('::1')
    expect(unbracket('example.com')).toBe('example.com')
  })
})
