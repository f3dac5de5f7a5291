import type { Operation } from './operation.ts'
import { operationMatcher } from './operation-match.ts'

type Upstream = Operation['upstream']

const read = <Path extends string>(path: Path, upstream: Upstream) =>
  ({ method: 'GET', path, upstream, access: 'read' }) as const
const adminRead = <Path extends string>(path: Path, upstream: Upstream) =>
  ({ method: 'GET', path, upstream, access: 'admin' }) as const
/** Writes need an admin key and take `Idempotency-Key`. */
const write = <Method extends Operation['method'], Path extends string>(
  method: Method,
  path: Path,
  upstream: Upstream,
) => ({ method, path, upstream, access: 'admin', idempotent: true }) as const

/**
 * Every public operation (`/api`), once. The gateway's route table, scope checks, read cache and
 * idempotency, the OpenAPI document and `@cms/client` are derived from this table; the order is
 * the document's.
 */
export const PUBLIC_OPERATIONS = {
  listDocuments: { ...read('/api/content', 'contentRead'), cached: { conditional: true } },
  createDocument: { ...write('POST', '/api/content', 'contentWrite'), changes: 'create' },
  getDocumentBySlug: {
    ...read('/api/content/by-slug/:type/:slug', 'contentRead'),
    cached: { conditional: false },
  },
  getDocument: { ...read('/api/content/:id', 'contentRead'), cached: { conditional: true } },
  updateDocument: { ...write('PATCH', '/api/content/:id', 'contentWrite'), changes: 'edit' },
  deleteDocument: { ...write('DELETE', '/api/content/:id', 'contentWrite'), changes: 'other' },
  listVersions: adminRead('/api/content/:id/versions', 'contentRead'),
  listReferrers: adminRead('/api/content/:id/referenced-by', 'contentRead'),
  discardDraft: { ...write('DELETE', '/api/content/:id/draft', 'contentWrite'), changes: 'other' },
  listSchedules: adminRead('/api/content/:id/schedule', 'contentRead'),
  createSchedule: {
    ...write('POST', '/api/content/:id/schedule', 'contentWrite'),
    changes: 'other',
  },
  cancelSchedule: {
    ...write('DELETE', '/api/content/:id/schedule/:scheduleId', 'contentWrite'),
    changes: 'other',
  },
  publishDocument: {
    ...write('POST', '/api/content/:id/publish', 'contentWrite'),
    changes: 'other',
  },
  unpublishDocument: {
    ...write('POST', '/api/content/:id/unpublish', 'contentWrite'),
    changes: 'other',
  },
  restoreVersion: {
    ...write('POST', '/api/content/:id/restore/:versionId', 'contentWrite'),
    changes: 'edit',
  },
  listMedia: read('/api/media', 'contentRead'),
  uploadMedia: { ...write('POST', '/api/media', 'contentWrite'), changes: 'other' },
  getMedia: read('/api/media/:id', 'contentRead'),
  updateMedia: { ...write('PATCH', '/api/media/:id', 'contentWrite'), changes: 'other' },
  deleteMedia: { ...write('DELETE', '/api/media/:id', 'contentWrite'), changes: 'other' },
  listContentTypes: read('/api/content-types', 'schema'),
  createContentType: { ...write('POST', '/api/content-types', 'schema'), changes: 'other' },
  getContentType: read('/api/content-types/:name', 'schema'),
  updateContentType: {
    ...write('PATCH', '/api/content-types/:name', 'schema'),
    changes: 'other',
  },
  deleteContentType: {
    ...write('DELETE', '/api/content-types/:name', 'schema'),
    changes: 'other',
  },
  getLocales: read('/api/locales', 'schema'),
  // A PUT repeats safely by itself: it takes no idempotency key.
  setLocales: {
    method: 'PUT',
    path: '/api/locales',
    upstream: 'schema',
    access: 'admin',
    changes: 'other',
  },
  listWebhooks: adminRead('/api/webhooks', 'webhook'),
  createWebhook: write('POST', '/api/webhooks', 'webhook'),
  getWebhook: adminRead('/api/webhooks/:id', 'webhook'),
  updateWebhook: write('PATCH', '/api/webhooks/:id', 'webhook'),
  deleteWebhook: write('DELETE', '/api/webhooks/:id', 'webhook'),
  testWebhook: write('POST', '/api/webhooks/:id/test', 'webhook'),
  listDeliveries: adminRead('/api/webhooks/:id/deliveries', 'webhook'),
  getDelivery: adminRead('/api/webhooks/:id/deliveries/:deliveryId', 'webhook'),
  redeliver: write('POST', '/api/webhooks/:id/deliveries/:deliveryId/redeliver', 'webhook'),
  getOpenApiDocument: read('/api/openapi.json', 'schema'),
} as const satisfies Record<string, Operation>

export type PublicOperationId = keyof typeof PUBLIC_OPERATIONS
export type PublicOperations = typeof PUBLIC_OPERATIONS

/** The public operation a request addresses (`kind: 'found'` with its id), or why none. */
export const matchPublicOperation = operationMatcher(PUBLIC_OPERATIONS)
