import type { CmsAdminClient } from '@cms/client'
import { CliError } from './cli-command.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The website id a reference names: a UUID is an id as it is (so a deleted website's purge can
 * still be asked for); anything else is a website's exact name, which must be one website's.
 */
export async function websiteIdOf(admin: CmsAdminClient, reference: string): Promise<string> {
  if (UUID.test(reference)) return reference
  const named = (await admin.websites.list()).docs.filter((site) => site.name === reference)
  if (named.length === 1) return named[0]!.id
  if (named.length === 0)
    throw new CliError('NOT_FOUND', `no website is named "${reference}" (cms website list)`)
  throw new CliError(
    'AMBIGUOUS_NAME',
    `${named.length} websites are named "${reference}"; use an id: ${named.map((site) => site.id).join(', ')}`,
    named.map((site) => ({ path: 'website', message: `${site.id} (created ${site.createdAt})` })),
  )
}
