import type { CmsAdminClient, Membership, Person } from '@cms/client'
import { typesOf, UsageError } from './cli-command.ts'
import type { CommandContext } from './cli-command.ts'

/** The one membership `--website <website> --role <role> [--types a,b]` gives, if any. */
export async function membershipsOf({
  values,
  websiteId,
}: Pick<CommandContext, 'values' | 'websiteId'>): Promise<
  { memberships: { websiteId: string; role: string; types?: string[] }[] } | undefined
> {
  if (values.website === undefined && values.role === undefined && values.types === undefined)
    return undefined
  if (values.website === undefined || values.role === undefined)
    throw new UsageError('a membership needs both --website and --role')
  const types = typesOf(values.types)
  return {
    memberships: [
      { websiteId: await websiteId(values.website), role: values.role, ...(types && { types }) },
    ],
  }
}

/** `editor on <website>` per membership, `operator` first; a website by name where known. */
export function accessText(
  grant: Pick<Person, 'operator' | 'memberships'>,
  websiteNames: ReadonlyMap<string, string>,
): string {
  const roles = grant.memberships.map(
    (membership: Membership) =>
      `${membership.role}${membership.types ? ` (${membership.types.join(',')})` : ''} on ` +
      (websiteNames.get(membership.websiteId) ?? membership.websiteId),
  )
  return [...(grant.operator ? ['operator'] : []), ...roles].join(', ') || '-'
}

/** Website names by id, asked for only when some membership names a website. */
export async function websiteNamesOf(
  admin: CmsAdminClient,
  grants: readonly Pick<Person, 'memberships'>[],
): Promise<ReadonlyMap<string, string>> {
  if (!grants.some((grant) => grant.memberships.length > 0)) return new Map()
  return new Map((await admin.websites.list()).docs.map((site) => [site.id, site.name]))
}
