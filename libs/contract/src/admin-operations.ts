import type { Endpoint } from './operation.ts'

const get = <Path extends string>(path: Path) => ({ method: 'GET', path }) as const

/** A read-only view of one website's data: the public API's read, made as its admin. */
const view = <Path extends string>(path: Path) => get(`/admin/api/websites/:id${path}`)

/**
 * Every operation of the admin API (`/admin/api`, a platform operator's), once. The
 * gateway's admin router, the admin OpenAPI document and `@cms/client`'s admin client are
 * derived from it; the order is the document's.
 */
export const ADMIN_OPERATIONS = {
  listWebsites: get('/admin/api/websites'),
  createWebsite: { method: 'POST', path: '/admin/api/websites' },
  getWebsite: get('/admin/api/websites/:id'),
  renameWebsite: { method: 'PATCH', path: '/admin/api/websites/:id' },
  deleteWebsite: { method: 'DELETE', path: '/admin/api/websites/:id' },
  getQuotas: get('/admin/api/websites/:id/quotas'),
  changeQuotas: { method: 'PATCH', path: '/admin/api/websites/:id/quotas' },
  listKeys: get('/admin/api/websites/:id/keys'),
  createKey: { method: 'POST', path: '/admin/api/websites/:id/keys' },
  revokeKey: { method: 'DELETE', path: '/admin/api/websites/:id/keys/:keyId' },
  rotateKey: { method: 'POST', path: '/admin/api/websites/:id/keys/:keyId/rotate' },
  listRoles: get('/admin/api/websites/:id/roles'),
  createRole: { method: 'POST', path: '/admin/api/websites/:id/roles' },
  updateRole: { method: 'PATCH', path: '/admin/api/websites/:id/roles/:name' },
  deleteRole: { method: 'DELETE', path: '/admin/api/websites/:id/roles/:name' },
  getPurge: get('/admin/api/purges/:websiteId'),
  exportWebsite: get('/admin/api/websites/:id/export'),
  importWebsite: { method: 'POST', path: '/admin/api/websites/import' },
  viewContentTypes: view('/content-types'),
  viewContentType: view('/content-types/:name'),
  viewComponents: view('/components'),
  viewLocales: view('/locales'),
  viewGraphqlSchema: view('/graphql/schema.graphql'),
  viewDocuments: view('/documents'),
  viewDocument: view('/documents/:docId'),
  viewVersions: view('/documents/:docId/versions'),
  viewWebhooks: view('/webhooks'),
  viewWebhook: view('/webhooks/:hookId'),
  viewDeliveries: view('/webhooks/:hookId/deliveries'),
  viewMedia: view('/media'),
  uploadMedia: { method: 'POST', path: '/admin/api/websites/:id/media' },
  updateMedia: { method: 'PATCH', path: '/admin/api/websites/:id/media/:mediaId' },
  deleteMedia: { method: 'DELETE', path: '/admin/api/websites/:id/media/:mediaId' },
  listPeople: get('/admin/api/people'),
  createPerson: { method: 'POST', path: '/admin/api/people' },
  getPerson: get('/admin/api/people/:personId'),
  updatePerson: { method: 'PATCH', path: '/admin/api/people/:personId' },
  removePerson: { method: 'DELETE', path: '/admin/api/people/:personId' },
  createPasswordReset: { method: 'POST', path: '/admin/api/people/:personId/password-reset' },
  listInvitations: get('/admin/api/invitations'),
  createInvitation: { method: 'POST', path: '/admin/api/invitations' },
  revokeInvitation: { method: 'DELETE', path: '/admin/api/invitations/:invitationId' },
  viewAudit: get('/admin/api/audit'),
  getAuditHead: get('/admin/api/audit/head'),
  createFirstOperatorLink: { method: 'POST', path: '/admin/api/first-operator-link' },
  getAdminOpenApiDocument: get('/admin/api/openapi.json'),
} as const satisfies Record<string, Endpoint>

export type AdminOperationId = keyof typeof ADMIN_OPERATIONS
export type AdminOperations = typeof ADMIN_OPERATIONS
