import type { Operation } from './operation.ts'
import { operationMatcher } from './operation-match.ts'

type Server = Operation['upstream']
type Permission = NonNullable<Operation['permission']>

const get = <Path extends string, U extends Server, P extends Permission>(
  path: Path,
  upstream: U,
  permission: P,
) => ({ method: 'GET', path, upstream, permission }) as const
/** Writes take `Idempotency-Key`. */
const write = <
  Method extends Operation['method'],
  Path extends string,
  U extends Server,
  P extends Permission,
>(
  method: Method,
  path: Path,
  upstream: U,
  permission: P,
) => ({ method, path, upstream, permission, idempotent: true }) as const

/**
 * Every public operation (`/api`), once. The gateway's route table, scope checks, read cache and
 * idempotency, the OpenAPI document and `@cms/client` are derived from this table; the order is
 * the document's.
 */
export const PUBLIC_OPERATIONS = {
  listDocuments: { ...get('/api/content', 'contentRead', 'read'), cached: { conditional: true } },
  createDocument: { ...write('POST', '/api/content', 'contentWrite', 'create'), changes: 'create' },
  getDocumentBySlug: {
    ...get('/api/content/by-slug/:type/:slug', 'contentRead', 'read'),
    cached: { conditional: false },
  },
  getDocument: { ...get('/api/content/:id', 'contentRead', 'read'), cached: { conditional: true } },
  updateDocument: {
    ...write('PATCH', '/api/content/:id', 'contentWrite', 'update'),
    changes: 'edit',
  },
  deleteDocument: {
    ...write('DELETE', '/api/content/:id', 'contentWrite', 'delete'),
    changes: 'other',
  },
  listVersions: get('/api/content/:id/versions', 'contentRead', 'readDrafts'),
  listReferrers: get('/api/content/:id/referenced-by', 'contentRead', 'readDrafts'),
  discardDraft: {
    ...write('DELETE', '/api/content/:id/draft', 'contentWrite', 'update'),
    changes: 'other',
  },
  listSchedules: get('/api/content/:id/schedule', 'contentRead', 'publish'),
  createSchedule: {
    ...write('POST', '/api/content/:id/schedule', 'contentWrite', 'publish'),
    changes: 'other',
  },
  cancelSchedule: {
    ...write('DELETE', '/api/content/:id/schedule/:scheduleId', 'contentWrite', 'publish'),
    changes: 'other',
  },
  publishDocument: {
    ...write('POST', '/api/content/:id/publish', 'contentWrite', 'publish'),
    changes: 'other',
  },
  unpublishDocument: {
    ...write('POST', '/api/content/:id/unpublish', 'contentWrite', 'publish'),
    changes: 'other',
  },
  restoreVersion: {
    ...write('POST', '/api/content/:id/restore/:versionId', 'contentWrite', 'publish'),
    changes: 'edit',
  },
  // Releases (docs/releases.md): reading one needs draft access, changing one `publish`, and
  // each entry's type is checked against the call's publish types by the content service.
  listReleases: get('/api/releases', 'contentRead', 'readDrafts'),
  createRelease: write('POST', '/api/releases', 'contentWrite', 'publish'),
  getRelease: get('/api/releases/:id', 'contentRead', 'readDrafts'),
  updateRelease: write('PATCH', '/api/releases/:id', 'contentWrite', 'publish'),
  deleteRelease: write('DELETE', '/api/releases/:id', 'contentWrite', 'publish'),
  publishRelease: {
    ...write('POST', '/api/releases/:id/publish', 'contentWrite', 'publish'),
    changes: 'other',
  },
  scheduleRelease: write('POST', '/api/releases/:id/schedule', 'contentWrite', 'publish'),
  unscheduleRelease: write('DELETE', '/api/releases/:id/schedule', 'contentWrite', 'publish'),
  // Needs the action's permission on each document's type (docs/bulk.md): checked per document.
  bulkDocuments: {
    method: 'POST',
    path: '/api/content/bulk',
    upstream: 'contentWrite',
    idempotent: true,
    changes: 'other',
  },
  getJob: get('/api/jobs/:id', 'contentWrite', 'readDrafts'),
  listMedia: get('/api/media', 'contentRead', 'read'),
  uploadMedia: { ...write('POST', '/api/media', 'contentWrite', 'manageMedia'), changes: 'other' },
  getMedia: get('/api/media/:id', 'contentRead', 'read'),
  updateMedia: {
    ...write('PATCH', '/api/media/:id', 'contentWrite', 'manageMedia'),
    changes: 'other',
  },
  deleteMedia: {
    ...write('DELETE', '/api/media/:id', 'contentWrite', 'manageMedia'),
    changes: 'other',
  },
  listContentTypes: get('/api/content-types', 'schema', 'read'),
  createContentType: {
    ...write('POST', '/api/content-types', 'schema', 'manageTypes'),
    changes: 'other',
  },
  getContentType: get('/api/content-types/:name', 'schema', 'read'),
  updateContentType: {
    ...write('PATCH', '/api/content-types/:name', 'schema', 'manageTypes'),
    changes: 'other',
  },
  deleteContentType: {
    ...write('DELETE', '/api/content-types/:name', 'schema', 'manageTypes'),
    changes: 'other',
  },
  listComponents: get('/api/components', 'schema', 'read'),
  createComponent: {
    ...write('POST', '/api/components', 'schema', 'manageTypes'),
    changes: 'other',
  },
  getComponent: get('/api/components/:name', 'schema', 'read'),
  updateComponent: {
    ...write('PATCH', '/api/components/:name', 'schema', 'manageTypes'),
    changes: 'other',
  },
  deleteComponent: {
    ...write('DELETE', '/api/components/:name', 'schema', 'manageTypes'),
    changes: 'other',
  },
  getLocales: get('/api/locales', 'schema', 'read'),
  // A PUT repeats safely by itself: it takes no idempotency key.
  setLocales: {
    method: 'PUT',
    path: '/api/locales',
    upstream: 'schema',
    permission: 'manageTypes',
    changes: 'other',
  },
  listWebhooks: get('/api/webhooks', 'webhook', 'manageWebhooks'),
  createWebhook: write('POST', '/api/webhooks', 'webhook', 'manageWebhooks'),
  getWebhook: get('/api/webhooks/:id', 'webhook', 'manageWebhooks'),
  updateWebhook: write('PATCH', '/api/webhooks/:id', 'webhook', 'manageWebhooks'),
  deleteWebhook: write('DELETE', '/api/webhooks/:id', 'webhook', 'manageWebhooks'),
  testWebhook: write('POST', '/api/webhooks/:id/test', 'webhook', 'manageWebhooks'),
  listDeliveries: get('/api/webhooks/:id/deliveries', 'webhook', 'manageWebhooks'),
  getDelivery: get('/api/webhooks/:id/deliveries/:deliveryId', 'webhook', 'manageWebhooks'),
  redeliver: write(
    'POST',
    '/api/webhooks/:id/deliveries/:deliveryId/redeliver',
    'webhook',
    'manageWebhooks',
  ),
  listKeys: get('/api/keys', 'gateway', 'manageKeys'),
  // A create answers with the key's secret, which no idempotency record may keep.
  createKey: { method: 'POST', path: '/api/keys', upstream: 'gateway', permission: 'manageKeys' },
  revokeKey: {
    method: 'DELETE',
    path: '/api/keys/:keyId',
    upstream: 'gateway',
    permission: 'manageKeys',
  },
  rotateKey: {
    method: 'POST',
    path: '/api/keys/:keyId/rotate',
    upstream: 'gateway',
    permission: 'manageKeys',
  },
  listRoles: get('/api/roles', 'gateway', 'manageKeys'),
  createRole: write('POST', '/api/roles', 'gateway', 'manageKeys'),
  updateRole: write('PATCH', '/api/roles/:name', 'gateway', 'manageKeys'),
  deleteRole: write('DELETE', '/api/roles/:name', 'gateway', 'manageKeys'),
  createPreviewToken: {
    method: 'POST',
    path: '/api/preview-tokens',
    upstream: 'gateway',
    permission: 'readDrafts',
  },
  listAudit: get('/api/audit', 'gateway', 'readAudit'),
  getAuditHead: get('/api/audit/head', 'gateway', 'readAudit'),
  streamChanges: get('/api/changes', 'gateway', 'read'),
  sync: get('/api/sync', 'contentRead', 'read'),
  getOpenApiDocument: { method: 'GET', path: '/api/openapi.json', upstream: 'schema' },
  // GraphQL (docs/graphql.md): each field then needs its own operation's permission.
  graphqlQuery: get('/api/graphql', 'gateway', 'read'),
  graphql: write('POST', '/api/graphql', 'gateway', 'read'),
  graphqlSchema: get('/api/graphql/schema.graphql', 'gateway', 'read'),
} as const satisfies Record<string, Operation>

export type PublicOperationId = keyof typeof PUBLIC_OPERATIONS
export type PublicOperations = typeof PUBLIC_OPERATIONS

/** The public operation a request addresses (`kind: 'found'` with its id), or why none. */
export const matchPublicOperation = operationMatcher(PUBLIC_OPERATIONS)
