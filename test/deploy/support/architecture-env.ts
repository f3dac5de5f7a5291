import { readRepoFile } from './repo.ts'

/**
 * The variables each service reads, from the Environment table of docs/architecture.md, so the
 * deployment follows the document: `| \`A\`, \`B\` | gateway, content | meaning |`.
 */
export const SERVICE_PACKAGES = ['gateway', 'content', 'schema', 'webhook'] as const
export type ServicePackage = (typeof SERVICE_PACKAGES)[number]

/** Variables with a default (or that are off when empty) that the deployment may leave unset. */
const OPTIONAL = new Set([
  'LOG_LEVEL',
  'WEBHOOK_ALLOW_PRIVATE_TARGETS',
  'CMS_INSTANCE_ID',
  'PUBLIC_URL',
  'OIDC_PROVIDERS',
  'PASSWORD_RESET_WEBHOOK',
  'CDN_PURGERS',
])

export function variablesByService(): Record<ServicePackage, Set<string>> {
  const text = readRepoFile('docs', 'architecture.md')
  const section = text.split(/^## /m).find((part) => part.startsWith('Environment'))
  if (!section) throw new Error('docs/architecture.md has no Environment section')
  const result = Object.fromEntries(
    SERVICE_PACKAGES.map((name) => [name, new Set<string>()]),
  ) as Record<ServicePackage, Set<string>>
  let rows = 0
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim())
    const names = [...(cells[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!)
    if (names.length === 0) continue
    rows++
    const users = (cells[2] ?? '').split(',').map((user) => user.trim())
    for (const service of SERVICE_PACKAGES) {
      if (!users.includes('all') && !users.includes(service)) continue
      for (const name of names) {
        // The table's own note: the gateway listens on CMS_PORT instead of PORT.
        const actual = service === 'gateway' && name === 'PORT' ? 'CMS_PORT' : name
        if (!OPTIONAL.has(actual)) result[service].add(actual)
      }
    }
  }
  if (rows < 5) throw new Error('the Environment table of docs/architecture.md did not parse')
  return result
}
