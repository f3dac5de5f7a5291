import type { WebsiteDataPlan } from '@cms/website-data'

/**
 * The gateway's collections that hold a website's data: the website record (normally deleted
 * by the DELETE itself; here for a gateway that died in between), its keys and roles and its
 * idempotency records (stored answers hold document bodies) with their takeover markers. None is
 * exported as records: the roles travel in the export's first line (website-export.ts), an
 * imported website gets new keys, and idempotency records live 24 h.
 */
export const GATEWAY_WEBSITE_DATA: WebsiteDataPlan = {
  service: 'gateway',
  collections: [
    { name: 'websites', ownerPaths: ['_id'], exported: false },
    { name: 'api_keys', ownerPaths: ['websiteId'], exported: false },
    { name: 'roles', ownerPaths: ['websiteId'], exported: false },
    // data/idempotency-repository.ts; its unique (websiteId, key) index serves the filter.
    { name: 'idempotency_keys', ownerPaths: ['websiteId'], exported: false },
    { name: 'idempotency_takeovers', ownerPaths: ['websiteId'], exported: false },
  ],
}
