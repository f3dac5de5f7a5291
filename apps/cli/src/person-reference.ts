import type { CmsAdminClient, Person } from '@cms/client'
import { CliError } from './cli-command.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The person an `<email>` argument names (ignoring case, as the API does); a UUID is an id. */
export async function personOf(admin: CmsAdminClient, reference: string): Promise<Person> {
  if (UUID.test(reference)) return admin.people.get(reference)
  const email = reference.trim().toLowerCase()
  const person = (await admin.people.list()).docs.find((one) => one.email === email)
  if (!person)
    throw new CliError('NOT_FOUND', `no person has the email "${reference}" (cms person list)`)
  return person
}
