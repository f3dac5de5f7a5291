import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

/**
 * The ipaddr.js range of an address: `unicast` for a public address, else the special range
 * (loopback, private, linkLocal — which holds 169.254.169.254 —, uniqueLocal, carrierGradeNat,
 * unspecified, reserved, ...). IPv4-mapped IPv6 addresses are judged as the IPv4 they carry.
 */
export function addressRange(address: string): string {
  if (isIP(address) === 0) return 'invalid'
  return ipaddr.process(address).range()
}

/** Only globally routable unicast addresses are webhook targets by default. */
export function isPublicAddress(address: string): boolean {
  return addressRange(address) === 'unicast'
}

/** `[::1]` (a URL's hostname) -> `::1`. */
export function unbracket(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname
}
