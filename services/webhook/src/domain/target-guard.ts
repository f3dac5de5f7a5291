import type { LookupAddress } from 'node:dns'
import { isIP } from 'node:net'
import type { LookupFunction } from 'node:net'
import { describeRule, refusingRule, unbracket } from './address-policy.ts'

/** Resolves a host name to every address it has (node:dns `lookup` with `all: true`). */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>

export interface TargetGuard {
  /** Why `url` may not be a webhook target, or undefined when it may. */
  refusal(url: string): Promise<string | undefined>
  /**
   * A `lookup` for the HTTP client that refuses non-public answers, so the connection goes to
   * an address that was checked (a DNS answer that changes after `refusal` cannot slip through).
   * Undefined when private targets are allowed.
   */
  lookup: LookupFunction | undefined
}

export const TARGET_REFUSED = 'ETARGETREFUSED'

/** How `net` calls a custom lookup: one address, or all of them when `all` is set. */
interface LookupOptions {
  all?: boolean
  family?: unknown
}
type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address?: string | LookupAddress[],
  family?: number,
) => void

/**
 * The rule that refuses the first non-public address, as `private` or `loopback (IPv4 in a 6to4
 * address)`. Never the address: a refusal must not tell what an internal host name resolves to.
 */
function refusedAddress(addresses: readonly LookupAddress[]): string | undefined {
  for (const { address } of addresses) {
    const found = refusingRule(address)
    if (found) return describeRule(found)
  }
  return undefined
}

const NOT_ALLOWED =
  'private, loopback, link-local, cloud metadata and other non-public targets are not allowed'

const familyOf = (family: unknown): number | undefined => {
  if (family === 4 || family === 'IPv4') return 4
  if (family === 6 || family === 'IPv6') return 6
  return undefined
}

export function createTargetGuard(deps: {
  allowPrivate: boolean
  resolve: ResolveAll
}): TargetGuard {
  if (deps.allowPrivate) return { refusal: async () => undefined, lookup: undefined }

  const fail = (message: string, code: string): NodeJS.ErrnoException =>
    Object.assign(new Error(message), { code })

  const lookup = ((hostname: string, options: LookupOptions, callback: LookupCallback) => {
    deps.resolve(hostname).then(
      (found) => {
        const problem = refusedAddress(found)
        if (problem) {
          return callback(
            fail(`target refused: the host resolves to a ${problem} address`, TARGET_REFUSED),
          )
        }
        const family = familyOf(options?.family)
        const addresses = family ? found.filter((entry) => entry.family === family) : found
        const first = addresses[0]
        if (!first) return callback(fail(`no address for ${hostname}`, 'ENOTFOUND'))
        if (options?.all) return callback(null, addresses)
        return callback(null, first.address, first.family)
      },
      (error: NodeJS.ErrnoException) => callback(error),
    )
  }) as unknown as LookupFunction

  return {
    lookup,
    async refusal(url) {
      let hostname: string
      try {
        hostname = unbracket(new URL(url).hostname)
      } catch {
        return 'the URL cannot be parsed'
      }
      if (isIP(hostname) !== 0) {
        const problem = refusedAddress([{ address: hostname, family: isIP(hostname) }])
        return problem ? `the address is ${problem}: ${NOT_ALLOWED}` : undefined
      }
      let addresses: LookupAddress[]
      try {
        addresses = await deps.resolve(hostname)
      } catch {
        return 'the host name does not resolve'
      }
      if (addresses.length === 0) return 'the host name does not resolve'
      const problem = refusedAddress(addresses)
      return problem ? `the host resolves to a ${problem} address: ${NOT_ALLOWED}` : undefined
    },
  }
}
