import { PUBLIC_IO } from '../public-io.ts'
import { PUBLIC_OPERATIONS } from '../public-operations.ts'
import type { PublicOperationId } from '../public-operations.ts'
import type { PublicRoute } from './operation.ts'
import {
  idempotencyKeyHeader,
  ifMatchHeader,
  ifNoneMatchHeader,
  lastEventIdHeader,
} from './parameters.ts'
import { PUBLIC_COMPONENTS } from './public-components.ts'
import { routeOf } from './route-io.ts'
import type { RouteProse } from './route-io.ts'

const ID = { id: 'A document id (UUID)' }
const CONTENT = 'Documents'
const RELEASES = 'Releases'
const RELEASE_ID = { id: 'A release id (UUID)' }

/** Publish and unpublish, told apart by their action. */
const transitions = (doc: (action: 'publish' | 'unpublish') => RouteProse) => ({
  publishDocument: doc('publish'),
  unpublishDocument: doc('unpublish'),
})

/** What the OpenAPI document says of each public operation of the contract. */
const PUBLIC_ROUTE_DOCS: { readonly [Id in PublicOperationId]: RouteProse } = {
  listDocuments: {
    tag: CONTENT,
    summary: 'List documents',
    description:
      "Published documents, or with `draft=true` (admin keys) drafts too. `filters`, `sort`, `fields`, `populate` and `pagination` take the bracket notation of `qs` (Strapi's).",
    parameters: [ifNoneMatchHeader],
    headers: { 200: ['ETag'] },
    errors: [304],
  },
  createDocument: {
    tag: CONTENT,
    summary: 'Create a document (a draft)',
    headers: { 201: ['Location', 'ETag'] },
    errors: [409, 413, 415],
  },
  getDocumentBySlug: {
    pathParams: { type: 'A content type name', slug: 'The slug (in the asked locale)' },
    tag: CONTENT,
    summary: 'Read a document by its slug',
    headers: { 200: ['ETag'] },
  },
  getDocument: {
    pathParams: ID,
    tag: CONTENT,
    summary: 'Read a document',
    parameters: [ifNoneMatchHeader],
    headers: { 200: ['ETag'] },
    errors: [304],
  },
  updateDocument: {
    pathParams: ID,
    tag: CONTENT,
    summary: 'Change a document (JSON Merge Patch on data)',
    parameters: [ifMatchHeader],
    headers: { 200: ['ETag'] },
    errors: [409, 412, 413, 415],
  },
  deleteDocument: {
    pathParams: ID,
    tag: CONTENT,
    summary: 'Delete a document and its versions',
    parameters: [ifMatchHeader],
    errors: [409, 412],
  },
  listVersions: {
    pathParams: ID,
    tag: CONTENT,
    summary: "A document's versions, newest first",
  },
  listReferrers: {
    pathParams: ID,
    tag: CONTENT,
    summary: 'The documents whose relations name this one',
  },
  discardDraft: {
    pathParams: ID,
    tag: CONTENT,
    summary: "Discard a published document's pending draft",
    parameters: [ifMatchHeader],
    headers: { 200: ['ETag'] },
    errors: [412],
  },
  listSchedules: {
    pathParams: ID,
    tag: 'Schedules',
    summary: "A document's pending schedules",
  },
  createSchedule: {
    pathParams: ID,
    tag: 'Schedules',
    summary: 'Schedule a publish or unpublish (replaces a pending one of the action)',
    errors: [413, 415],
  },
  cancelSchedule: {
    pathParams: { ...ID, scheduleId: 'A pending schedule' },
    tag: 'Schedules',
    summary: 'Cancel a schedule',
  },
  listReleases: { tag: RELEASES, summary: "The website's releases, newest first" },
  createRelease: {
    tag: RELEASES,
    summary: 'Create a release: publishes and unpublishes applied together',
    errors: [413, 415],
  },
  getRelease: { pathParams: RELEASE_ID, tag: RELEASES, summary: 'Read a release' },
  updateRelease: {
    pathParams: RELEASE_ID,
    tag: RELEASES,
    summary: 'Rename a release or replace its entries (open or scheduled only)',
    errors: [409, 413, 415],
  },
  deleteRelease: {
    pathParams: RELEASE_ID,
    tag: RELEASES,
    summary: 'Delete a release that is not published',
    errors: [409],
  },
  publishRelease: {
    pathParams: RELEASE_ID,
    tag: RELEASES,
    summary: 'Publish a release now: public reads see all of its changes or none',
    description:
      'Every entry is checked first; any failing entry is a 422 naming it (`entries[3].data.title`) and nothing changes.',
    errors: [409],
  },
  scheduleRelease: {
    pathParams: RELEASE_ID,
    tag: RELEASES,
    summary: 'Schedule a release to be published at a time',
    errors: [409, 413, 415],
  },
  unscheduleRelease: {
    pathParams: RELEASE_ID,
    tag: RELEASES,
    summary: 'Cancel the schedule of a release (it is open again)',
    errors: [409],
  },
  ...transitions((action): RouteProse => ({
    pathParams: ID,
    tag: CONTENT,
    summary: action === 'publish' ? 'Publish a document' : 'Make a document a draft again',
    ...(action === 'publish' && {
      description:
        'What goes live (the data, or the pending draft) is checked against the content type as it is now: a type tightened since the draft was saved makes it a 422 naming each field (`data.title`), and nothing changes.',
    }),
    parameters: [ifMatchHeader],
    headers: { 200: ['ETag'] },
    errors: [412],
  })),
  restoreVersion: {
    pathParams: { ...ID, versionId: '`<documentId>:<version>` or the version number' },
    tag: CONTENT,
    summary: "Restore a version's data and slug",
    parameters: [ifMatchHeader],
    headers: { 200: ['ETag'] },
    errors: [409, 412],
  },
  bulkDocuments: {
    tag: CONTENT,
    summary: 'Publish, unpublish, delete or update up to 1,000 documents in one request',
    description:
      "Names the documents by `ids` or by a list `query`; `dryRun` answers which. Each document is changed as its single call would change it and needs that call's permission on its type (a document of another type is a `failed` result with 404). Up to 100 documents the answer is the finished job (200); more is 202 with the running job at `Location` (docs/bulk.md).",
    headers: { 202: ['Location'] },
    errors: [413, 415],
  },
  getJob: {
    pathParams: { id: "The job's id" },
    tag: CONTENT,
    summary: 'A bulk job: its state, progress and the outcome of each document so far',
  },
  listMedia: {
    tag: 'Media',
    summary: 'List media, newest first',
  },
  uploadMedia: {
    tag: 'Media',
    summary: 'Upload a file',
    headers: { 201: ['Location'] },
    errors: [413, 415],
  },
  getMedia: {
    pathParams: { id: 'A media id' },
    tag: 'Media',
    summary: 'Read a media record',
  },
  updateMedia: {
    pathParams: { id: 'A media id' },
    tag: 'Media',
    summary: "Change a file's alt text, caption or name",
    errors: [413, 415],
  },
  deleteMedia: {
    pathParams: { id: 'A media id' },
    tag: 'Media',
    summary: 'Delete a file (409 while a document names it, unless force)',
    errors: [409],
  },
  listContentTypes: {
    tag: 'Content types',
    summary: 'List content types, by name',
  },
  createContentType: {
    tag: 'Content types',
    summary: 'Create a content type',
    headers: { 201: ['Location'] },
    errors: [409, 413, 415],
  },
  getContentType: {
    pathParams: { name: 'A content type name' },
    tag: 'Content types',
    summary: 'Read a content type',
    parameters: [ifNoneMatchHeader],
    headers: { 200: ['ETag'] },
    errors: [304],
  },
  updateContentType: {
    pathParams: { name: 'A content type name' },
    tag: 'Content types',
    summary: 'Change a content type (each member sent replaces the stored one)',
    errors: [409, 413, 415],
  },
  deleteContentType: {
    pathParams: { name: 'A content type name' },
    tag: 'Content types',
    summary: 'Delete a content type (409 while documents or relations use it)',
    errors: [409],
  },
  listComponents: {
    tag: 'Components',
    summary: 'List components (named groups of fields), by name',
  },
  createComponent: {
    tag: 'Components',
    summary: 'Create a component',
    headers: { 201: ['Location'] },
    errors: [409, 413, 415],
  },
  getComponent: {
    pathParams: { name: 'A component name' },
    tag: 'Components',
    summary: 'Read a component',
    parameters: [ifNoneMatchHeader],
    headers: { 200: ['ETag'] },
    errors: [304],
  },
  updateComponent: {
    pathParams: { name: 'A component name' },
    tag: 'Components',
    summary: 'Change a component (each member sent replaces the stored one)',
    errors: [409, 413, 415],
  },
  deleteComponent: {
    pathParams: { name: 'A component name' },
    tag: 'Components',
    summary: 'Delete a component (409 while fields of types or components use it)',
    errors: [409],
  },
  getLocales: {
    tag: 'Locales',
    summary: "The website's locales",
  },
  setLocales: {
    tag: 'Locales',
    summary: "Replace the website's locales",
    errors: [409, 413, 415],
  },
  listWebhooks: {
    tag: 'Webhooks',
    summary: 'List webhooks',
  },
  createWebhook: {
    tag: 'Webhooks',
    summary: 'Create a webhook',
    errors: [409, 413, 415],
  },
  getWebhook: {
    pathParams: { id: 'A webhook id' },
    tag: 'Webhooks',
    summary: 'Read a webhook',
  },
  updateWebhook: {
    pathParams: { id: 'A webhook id' },
    tag: 'Webhooks',
    summary: 'Change a webhook',
    errors: [413, 415],
  },
  deleteWebhook: {
    pathParams: { id: 'A webhook id' },
    tag: 'Webhooks',
    summary: 'Delete a webhook',
  },
  testWebhook: {
    pathParams: { id: 'A webhook id' },
    tag: 'Webhooks',
    summary: 'Send a signed webhook.ping',
  },
  listDeliveries: {
    pathParams: { id: 'A webhook id' },
    tag: 'Webhooks',
    summary: "A webhook's delivery log, newest first",
  },
  getDelivery: {
    pathParams: { id: 'A webhook id', deliveryId: 'A delivery id' },
    tag: 'Webhooks',
    summary: 'A delivery with every attempt',
  },
  redeliver: {
    pathParams: { id: 'A webhook id', deliveryId: 'A delivery id' },
    tag: 'Webhooks',
    summary: 'Send a delivery again (a new delivery)',
  },
  listKeys: {
    tag: 'Keys',
    summary: "The website's keys (revoked ones marked), never their secrets",
  },
  createKey: {
    tag: 'Keys',
    summary: 'Create a key granting no more than the calling key holds (shown once)',
    errors: [413, 415],
  },
  revokeKey: {
    pathParams: { keyId: 'A key id' },
    tag: 'Keys',
    summary: 'Revoke a key granting no more than the calling key holds',
  },
  rotateKey: {
    pathParams: { keyId: 'A key id' },
    tag: 'Keys',
    summary: 'Rotate a key: a new one like it; the old one works for graceSeconds',
    errors: [409, 413, 415],
  },
  listRoles: {
    tag: 'Roles',
    summary: 'The roles keys may have: built in, then the website’s own',
  },
  createRole: {
    tag: 'Roles',
    summary: 'Create a role granting no more than the calling key holds',
    errors: [409, 413, 415],
  },
  updateRole: {
    pathParams: { name: 'A role of the website' },
    tag: 'Roles',
    summary: "Change a role's description or permissions (its keys follow within seconds)",
    errors: [409, 413, 415],
  },
  deleteRole: {
    pathParams: { name: 'A role of the website' },
    tag: 'Roles',
    summary: 'Delete a role no live key has',
    errors: [409],
  },
  createPreviewToken: {
    tag: 'Preview',
    summary: 'A short-lived token that reads drafts (of one document, if named) for a preview',
    errors: [413, 415],
  },
  listAudit: {
    tag: 'Audit',
    summary: "The website's audit log: who changed what, newest first (readAudit)",
  },
  getAuditHead: {
    tag: 'Audit',
    summary: "The last entry of the website's chain: keep it elsewhere to detect truncation",
  },
  streamChanges: {
    tag: 'Changes',
    summary: "A live stream of the website's changes (Server-Sent Events)",
    parameters: [lastEventIdHeader],
    description:
      'Each change the caller may see, as an event whose id is its sequence number; `Last-Event-ID` (or `since`) replays the changes after it first, so a reconnecting client misses none. Without `draft=true` the stream is the published view (an unpublish or a delete arrives with `deleted: true`). The data names the document; read it for its state. More open streams of the website than its limit are 429.',
    errors: [429],
  },
  sync: {
    tag: 'Changes',
    summary: 'Sync: every document, then only what changed since (deletions included)',
    description:
      "`initial=true` pages through every document the caller may read (`type`, `locale`, `draft=true` with readDrafts), then answers a `nextSyncToken`; `syncToken` answers the documents changed since that token (their state at the new token) and the ids deleted or unpublished since, in pages (`nextPageToken`) until a `nextSyncToken`. Applying every page in order yields what a full list shows at the token's point. A token older than the change log's window (30 days by default) is 410: sync again with `initial=true`.",
    errors: [410],
  },
  getOpenApiDocument: {
    tag: 'Description',
    summary: "This document: the API and the website's content types",
  },
  graphqlQuery: {
    tag: 'GraphQL',
    summary: 'A GraphQL query in the query string (`query`, `variables`, `operationName`)',
    description:
      "GraphQL over HTTP on the website's schema, generated from its content types (docs/graphql.md); mutations need POST.",
  },
  graphql: {
    tag: 'GraphQL',
    summary: "A GraphQL query or mutation on the website's schema (docs/graphql.md)",
  },
  graphqlSchema: {
    tag: 'GraphQL',
    summary: "The key's GraphQL schema as SDL (docs/graphql.md), while introspection is on",
  },
}

/** The public operations as the document describes them, in the contract's order. */
export const PUBLIC_ROUTES: readonly PublicRoute[] = (
  Object.keys(PUBLIC_OPERATIONS) as PublicOperationId[]
).map((id) => {
  const operation = PUBLIC_OPERATIONS[id]
  const idempotency = 'idempotent' in operation ? [idempotencyKeyHeader] : []
  return {
    ...routeOf(PUBLIC_IO[id], PUBLIC_ROUTE_DOCS[id], PUBLIC_COMPONENTS, idempotency),
    method: operation.method.toLowerCase() as PublicRoute['method'],
    pattern: operation.path,
    access: 'key',
    ...('permission' in operation && { permission: operation.permission }),
  }
})
