import { Type } from '@sinclair/typebox'
import { PUBLIC_OPERATIONS } from '../public-operations.ts'
import type { PublicOperationId } from '../public-operations.ts'
import {
  ContentListQuery,
  ContentReadQuery,
  ContentWriteQuery,
  ForceQuery,
  PageQuery,
} from '../schemas/requests/queries.ts'
import { DocsList, ListEnvelope, PageEnvelope, Ref } from '../schemas/responses/common.ts'
import { ApiKeyCreateBody } from '../schemas/requests/admin.ts'
import {
  KeyRotateBody,
  PreviewTokenBody,
  RoleCreateBody,
  RoleUpdateBody,
} from '../schemas/requests/permissions.ts'
import { ApiKey, CreatedApiKey, PreviewToken, Role } from '../schemas/responses/admin.ts'
import { plain, ref } from './operation.ts'
import type { PublicRoute, RouteDoc } from './operation.ts'
import {
  idempotencyKeyHeader,
  ifMatchHeader,
  ifNoneMatchHeader,
  queryParameters,
} from './parameters.ts'

const page = (name: string) => plain(PageEnvelope(Ref(name)))
const docs = (name: string) => plain(DocsList(Ref(name)))

const ID = { id: 'A document id (UUID)' }
const CONTENT = 'Documents'

/** Publish and unpublish, told apart by their action. */
const transitions = (doc: (action: 'publish' | 'unpublish') => RouteDoc) => ({
  publishDocument: doc('publish'),
  unpublishDocument: doc('unpublish'),
})

/** What the OpenAPI document says of each public operation of the contract. */
const PUBLIC_ROUTE_DOCS: { readonly [Id in PublicOperationId]: RouteDoc } = {
  listDocuments: {
    tag: CONTENT,
    summary: 'List documents',
    description:
      "Published documents, or with `draft=true` (admin keys) drafts too. `filters`, `sort`, `fields`, `populate` and `pagination` take the bracket notation of `qs` (Strapi's).",
    parameters: [...queryParameters(ContentListQuery), ifNoneMatchHeader],
    ok: { 200: plain(ListEnvelope(Ref('ListedDocument'))) },
    headers: { 200: ['ETag'] },
    errors: [304],
  },
  createDocument: {
    tag: CONTENT,
    summary: 'Create a document (a draft)',
    parameters: [...queryParameters(Type.Pick(ContentWriteQuery, ['locale']))],
    body: ref('ContentCreateBody'),
    ok: { 201: ref('Document') },
    headers: { 201: ['Location', 'ETag'] },
    errors: [409, 413, 415],
  },
  getDocumentBySlug: {
    pathParams: { type: 'A content type name', slug: 'The slug (in the asked locale)' },
    tag: CONTENT,
    summary: 'Read a document by its slug',
    parameters: queryParameters(ContentReadQuery),
    ok: { 200: ref('Document') },
    headers: { 200: ['ETag'] },
  },
  getDocument: {
    pathParams: ID,
    tag: CONTENT,
    summary: 'Read a document',
    parameters: [...queryParameters(ContentReadQuery), ifNoneMatchHeader],
    ok: { 200: ref('Document') },
    headers: { 200: ['ETag'] },
    errors: [304],
  },
  updateDocument: {
    pathParams: ID,
    tag: CONTENT,
    summary: 'Change a document (JSON Merge Patch on data)',
    parameters: [...queryParameters(ContentWriteQuery), ifMatchHeader],
    body: ref('ContentPatchBody'),
    ok: { 200: ref('Document') },
    headers: { 200: ['ETag'] },
    errors: [409, 412, 413, 415],
  },
  deleteDocument: {
    pathParams: ID,
    tag: CONTENT,
    summary: 'Delete a document and its versions',
    parameters: [...queryParameters(ForceQuery), ifMatchHeader],
    ok: { 204: null },
    errors: [409, 412],
  },
  listVersions: {
    pathParams: ID,
    tag: CONTENT,
    summary: "A document's versions, newest first",
    parameters: queryParameters(PageQuery),
    ok: { 200: page('Version') },
  },
  listReferrers: {
    pathParams: ID,
    tag: CONTENT,
    summary: 'The documents whose relations name this one',
    parameters: queryParameters(PageQuery),
    ok: { 200: page('Document') },
  },
  discardDraft: {
    pathParams: ID,
    tag: CONTENT,
    summary: "Discard a published document's pending draft",
    parameters: [ifMatchHeader],
    ok: { 200: ref('Document') },
    headers: { 200: ['ETag'] },
    errors: [412],
  },
  listSchedules: {
    pathParams: ID,
    tag: 'Schedules',
    summary: "A document's pending schedules",
    ok: { 200: page('Schedule') },
  },
  createSchedule: {
    pathParams: ID,
    tag: 'Schedules',
    summary: 'Schedule a publish or unpublish (replaces a pending one of the action)',
    body: ref('ScheduleCreateBody'),
    ok: { 201: ref('Schedule') },
    errors: [413, 415],
  },
  cancelSchedule: {
    pathParams: { ...ID, scheduleId: 'A pending schedule' },
    tag: 'Schedules',
    summary: 'Cancel a schedule',
    ok: { 204: null },
  },
  ...transitions((action): RouteDoc => ({
    pathParams: ID,
    tag: CONTENT,
    summary: action === 'publish' ? 'Publish a document' : 'Make a document a draft again',
    parameters: [ifMatchHeader],
    ok: { 200: ref('Document') },
    headers: { 200: ['ETag'] },
    errors: [412],
  })),
  restoreVersion: {
    pathParams: { ...ID, versionId: '`<documentId>:<version>` or the version number' },
    tag: CONTENT,
    summary: "Restore a version's data and slug",
    parameters: [...queryParameters(Type.Pick(ContentWriteQuery, ['discardDraft'])), ifMatchHeader],
    ok: { 200: ref('Document') },
    headers: { 200: ['ETag'] },
    errors: [409, 412],
  },
  listMedia: {
    tag: 'Media',
    summary: 'List media, newest first',
    parameters: [
      ...queryParameters(PageQuery),
      {
        name: 'filters',
        in: 'query',
        description: 'filters[id|mimeType|filename|createdAt|size][$operator]=value',
        schema: { type: 'object' },
        style: 'deepObject',
        explode: true,
      },
    ],
    ok: { 200: page('Media') },
  },
  uploadMedia: {
    tag: 'Media',
    summary: 'Upload a file',
    body: ref('MediaUpload'),
    bodyMediaType: 'multipart/form-data',
    ok: { 201: ref('Media') },
    headers: { 201: ['Location'] },
    errors: [413, 415],
  },
  getMedia: {
    pathParams: { id: 'A media id' },
    tag: 'Media',
    summary: 'Read a media record',
    ok: { 200: ref('Media') },
  },
  updateMedia: {
    pathParams: { id: 'A media id' },
    tag: 'Media',
    summary: "Change a file's alt text, caption or name",
    body: ref('MediaPatchBody'),
    ok: { 200: ref('Media') },
    errors: [413, 415],
  },
  deleteMedia: {
    pathParams: { id: 'A media id' },
    tag: 'Media',
    summary: 'Delete a file (409 while a document names it, unless force)',
    parameters: [...queryParameters(ForceQuery)],
    ok: { 204: null },
    errors: [409],
  },
  listContentTypes: {
    tag: 'Content types',
    summary: 'List content types, by name',
    ok: { 200: docs('ContentType') },
  },
  createContentType: {
    tag: 'Content types',
    summary: 'Create a content type',
    body: ref('ContentTypeCreateBody'),
    ok: { 201: ref('ContentType') },
    headers: { 201: ['Location'] },
    errors: [409, 413, 415],
  },
  getContentType: {
    pathParams: { name: 'A content type name' },
    tag: 'Content types',
    summary: 'Read a content type',
    parameters: [ifNoneMatchHeader],
    ok: { 200: ref('ContentType') },
    headers: { 200: ['ETag'] },
    errors: [304],
  },
  updateContentType: {
    pathParams: { name: 'A content type name' },
    tag: 'Content types',
    summary: 'Change a content type (each member sent replaces the stored one)',
    body: ref('ContentTypePatchBody'),
    ok: { 200: ref('ContentType') },
    errors: [409, 413, 415],
  },
  deleteContentType: {
    pathParams: { name: 'A content type name' },
    tag: 'Content types',
    summary: 'Delete a content type (409 while documents or relations use it)',
    ok: { 204: null },
    errors: [409],
  },
  getLocales: {
    tag: 'Locales',
    summary: "The website's locales",
    ok: { 200: ref('Locales') },
  },
  setLocales: {
    tag: 'Locales',
    summary: "Replace the website's locales",
    parameters: queryParameters(ForceQuery),
    body: ref('LocaleListBody'),
    ok: { 200: ref('Locales') },
    errors: [409, 413, 415],
  },
  listWebhooks: {
    tag: 'Webhooks',
    summary: 'List webhooks',
    ok: { 200: docs('Webhook') },
  },
  createWebhook: {
    tag: 'Webhooks',
    summary: 'Create a webhook',
    body: ref('WebhookCreateBody'),
    ok: { 201: ref('Webhook') },
    errors: [409, 413, 415],
  },
  getWebhook: {
    pathParams: { id: 'A webhook id' },
    tag: 'Webhooks',
    summary: 'Read a webhook',
    ok: { 200: ref('Webhook') },
  },
  updateWebhook: {
    pathParams: { id: 'A webhook id' },
    tag: 'Webhooks',
    summary: 'Change a webhook',
    body: ref('WebhookPatchBody'),
    ok: { 200: ref('Webhook') },
    errors: [413, 415],
  },
  deleteWebhook: {
    pathParams: { id: 'A webhook id' },
    tag: 'Webhooks',
    summary: 'Delete a webhook',
    ok: { 204: null },
  },
  testWebhook: {
    pathParams: { id: 'A webhook id' },
    tag: 'Webhooks',
    summary: 'Send a signed webhook.ping',
    ok: { 202: ref('Delivery') },
  },
  listDeliveries: {
    pathParams: { id: 'A webhook id' },
    tag: 'Webhooks',
    summary: "A webhook's delivery log, newest first",
    parameters: queryParameters(PageQuery),
    ok: { 200: page('Delivery') },
  },
  getDelivery: {
    pathParams: { id: 'A webhook id', deliveryId: 'A delivery id' },
    tag: 'Webhooks',
    summary: 'A delivery with every attempt',
    ok: { 200: ref('DeliveryDetail') },
  },
  redeliver: {
    pathParams: { id: 'A webhook id', deliveryId: 'A delivery id' },
    tag: 'Webhooks',
    summary: 'Send a delivery again (a new delivery)',
    ok: { 202: ref('Delivery') },
  },
  listKeys: {
    tag: 'Keys',
    summary: "The website's keys (revoked ones marked), never their secrets",
    ok: { 200: plain(DocsList(ApiKey)) },
  },
  createKey: {
    tag: 'Keys',
    summary: 'Create a key granting no more than the calling key holds (shown once)',
    body: plain(ApiKeyCreateBody),
    ok: { 201: plain(CreatedApiKey) },
    errors: [413, 415],
  },
  revokeKey: {
    pathParams: { keyId: 'A key id' },
    tag: 'Keys',
    summary: 'Revoke a key granting no more than the calling key holds',
    ok: { 204: null },
  },
  rotateKey: {
    pathParams: { keyId: 'A key id' },
    tag: 'Keys',
    summary: 'Rotate a key: a new one like it; the old one works for graceSeconds',
    body: plain(KeyRotateBody),
    bodyRequired: false,
    ok: { 201: plain(CreatedApiKey) },
    errors: [409, 413, 415],
  },
  listRoles: {
    tag: 'Roles',
    summary: 'The roles keys may have: built in, then the website’s own',
    ok: { 200: plain(DocsList(Role)) },
  },
  createRole: {
    tag: 'Roles',
    summary: 'Create a role granting no more than the calling key holds',
    body: plain(RoleCreateBody),
    ok: { 201: plain(Role) },
    errors: [409, 413, 415],
  },
  updateRole: {
    pathParams: { name: 'A role of the website' },
    tag: 'Roles',
    summary: "Change a role's description or permissions (its keys follow within seconds)",
    body: plain(RoleUpdateBody),
    ok: { 200: plain(Role) },
    errors: [409, 413, 415],
  },
  deleteRole: {
    pathParams: { name: 'A role of the website' },
    tag: 'Roles',
    summary: 'Delete a role no live key has',
    ok: { 204: null },
    errors: [409],
  },
  createPreviewToken: {
    tag: 'Preview',
    summary: 'A short-lived token that reads drafts (of one document, if named) for a preview',
    body: plain(PreviewTokenBody),
    bodyRequired: false,
    ok: { 201: plain(PreviewToken) },
    errors: [413, 415],
  },
  getOpenApiDocument: {
    tag: 'Description',
    summary: "This document: the API and the website's content types",
    ok: { 200: { type: 'object', description: 'An OpenAPI 3.1 document' } },
  },
}

/** The public operations as the document describes them, in the contract's order. */
export const PUBLIC_ROUTES: readonly PublicRoute[] = (
  Object.keys(PUBLIC_OPERATIONS) as PublicOperationId[]
).map((id) => {
  const operation = PUBLIC_OPERATIONS[id]
  const doc = PUBLIC_ROUTE_DOCS[id]
  return {
    ...doc,
    method: operation.method.toLowerCase() as PublicRoute['method'],
    pattern: operation.path,
    access: 'key',
    ...('permission' in operation && { permission: operation.permission }),
    parameters: [
      ...('idempotent' in operation ? [idempotencyKeyHeader] : []),
      ...(doc.parameters ?? []),
    ],
  }
})
