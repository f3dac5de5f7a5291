import { randomUUID } from 'node:crypto'
import type { KeyScope } from '@cms/http'
import { internalClient, testEnv } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'

export interface WebsiteClient {
  websiteId: string
  /** Calls the schema service as the gateway would for an admin key of the website. */
  admin: ApiCall
  /** The same website with a read key. */
  read: ApiCall
}

/** A fresh website (tenancy keeps tests apart) on the schema service at `baseUrl`. */
export function websiteClient(
  baseUrl = testEnv().schemaUrl,
  websiteId = randomUUID(),
): WebsiteClient {
  const as = (scope: KeyScope) => internalClient(baseUrl, { websiteId, scope })
  return { websiteId, admin: as('admin'), read: as('read') }
}
