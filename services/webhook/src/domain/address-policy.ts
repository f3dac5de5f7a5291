import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'
import type { IPv4, IPv6 } from 'ipaddr.js'

/**
 * Cloud instance metadata and platform endpoints: AWS (IPv4 and IPv6; GCP, Azure IMDS,
 * DigitalOcean and OpenStack share 169.254.169.254), AWS ECS task metadata, Azure's wire server,
 * Alibaba Cloud and Oracle Cloud. Refused by name even where the range alone would be public.
 */
const METADATA_ADDRESSES: readonly string[] = [
  '169.254.169.254',
  '169.254.170.2',
  '168.63.129.16',
  '100.100.100.200',
  '192.0.0.192',
  'fd00:ec2::254',
]
const METADATA = new Set(METADATA_ADDRESSES.map((address) => ipaddr.parse(address).toString()))

/** A rule that refuses an address: what the refusal message names (never the address itself). */
export interface AddressRule {
  /** `loopback`, `private`, `linkLocal`, `cloud metadata`, ... (ipaddr.js range names). */
  rule: string
  /** Set when the address was judged by an IPv4 address embedded in an IPv6 one. */
  embeddedIn?: string
}

const ipv4Of = (high: number, low: number): IPv4 =>
  new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff])

/** The IPv4 addresses an IPv6 address carries, with the name of the form that carries them. */
function embeddedIpv4(address: IPv6): { form: string; addresses: IPv4[] } | undefined {
  const p = address.parts
  const range = address.range()
  const last = () => ipv4Of(p[6]!, p[7]!)
  if (range === 'ipv4Mapped') return { form: 'IPv4-mapped', addresses: [last()] }
  if (range === 'rfc6145') return { form: 'IPv4-translated', addresses: [last()] }
  if (range === '6to4') return { form: '6to4', addresses: [ipv4Of(p[1]!, p[2]!)] }
  if (range === 'teredo') {
    // Server in bits 32-63; the client's address in the last 32 bits, every bit inverted.
    const client = ipv4Of(~p[6]! & 0xffff, ~p[7]! & 0xffff)
    return { form: 'Teredo', addresses: [ipv4Of(p[2]!, p[3]!), client] }
  }
  if (range === 'rfc6052' && p[2] === 0 && p.slice(3, 6).every((part) => part === 0))
    return { form: 'NAT64', addresses: [last()] }
  // IPv4-compatible (::a.b.c.d, deprecated): ::/96 without :: and ::1.
  if (p.slice(0, 6).every((part) => part === 0) && (p[6] !== 0 || p[7]! > 1))
    return { form: 'IPv4-compatible', addresses: [last()] }
  return undefined
}

function judge(address: IPv4 | IPv6): string | undefined {
  if (METADATA.has(address.toString())) return 'cloud metadata'
  const range = address.range()
  return range === 'unicast' ? undefined : range
}

/**
 * Why an address may not be a webhook target, or undefined for a public one. Only globally
 * routable unicast addresses are allowed; an IPv6 address that embeds an IPv4 one (mapped,
 * compatible, translated, 6to4, Teredo, NAT64) is judged by what it embeds, and the local-use
 * NAT64 prefix 64:ff9b:1::/48 is never public.
 */
export function refusingRule(address: string): AddressRule | undefined {
  if (isIP(address) === 0) return { rule: 'invalid' }
  const parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv4') return wrap(judge(parsed))
  const v6 = parsed as IPv6
  const own = METADATA.has(v6.toString()) ? 'cloud metadata' : undefined
  if (own) return { rule: own }
  const embedded = embeddedIpv4(v6)
  if (embedded) {
    for (const inner of embedded.addresses) {
      const rule = judge(inner)
      if (rule) return { rule, embeddedIn: embedded.form }
    }
    return undefined
  }
  if (v6.range() === 'rfc6052') return { rule: 'local-use NAT64' }
  return wrap(judge(v6))
}

const wrap = (rule: string | undefined): AddressRule | undefined =>
  rule === undefined ? undefined : { rule }

const WORDS: Readonly<Record<string, string>> = {
  linkLocal: 'link-local',
  uniqueLocal: 'unique-local',
  carrierGradeNat: 'carrier-grade NAT',
}

/** `loopback`, or `loopback (IPv4 in a 6to4 address)`: the rule, never the address. */
export function describeRule(found: AddressRule): string {
  const rule = WORDS[found.rule] ?? found.rule
  return found.embeddedIn ? `${rule} (IPv4 in a ${found.embeddedIn} address)` : rule
}

/** The rule's name, or `unicast` for a public address. */
export function addressRange(address: string): string {
  return refusingRule(address)?.rule ?? 'unicast'
}

/** Only globally routable unicast addresses are webhook targets by default. */
export function isPublicAddress(address: string): boolean {
  return refusingRule(address) === undefined
}

/** `[::1]` (a URL's hostname) -> `::1`. */
export function unbracket(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname
}
