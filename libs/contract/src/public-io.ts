import { Type } from '@sinclair/typebox'
import type { OperationIo, RawBody } from './operation-io.ts'
import type { PublicOperationId } from './public-operations.ts'
import { MediaUploadBody } from './schemas/media-upload.ts'
import { AuditQuery } from './schemas/requests/audit.ts'
import { ChangeStreamQuery } from './schemas/requests/changes.ts'
import { AuditEntry, AuditHead } from './schemas/responses/audit.ts'
import { ApiKeyCreateBody } from './schemas/requests/admin.ts'
import {
  KeyRotateBody,
  PreviewTokenBody,
  RoleCreateBody,
  RoleUpdateBody,
} from './schemas/requests/permissions.ts'
import { ApiKey, CreatedApiKey, PreviewToken, Role } from './schemas/responses/admin.ts'
import {
  ContentCreateBody,
  ContentPatchBody,
  MediaPatchBody,
  ScheduleCreateBody,
} from './schemas/requests/content.ts'
import { ComponentCreateBody, ComponentPatchBody } from './schemas/requests/components.ts'
import { ContentTypeCreateBody, ContentTypePatchBody } from './schemas/requests/content-types.ts'
import { LocaleListBody } from './schemas/requests/locales.ts'
import { DocumentPathParams, MediaPathParams } from './schemas/requests/params.ts'
import {
  ContentAnswerQuery,
  ContentListQuery,
  ContentReadQuery,
  ContentWriteQuery,
  ForceQuery,
  LaxForceQuery,
  MediaListQuery,
  PageQuery,
} from './schemas/requests/queries.ts'
import { SyncQuery } from './schemas/requests/sync.ts'
import { BulkDryRun, BulkJob, BulkRequestBody, JobPathParams } from './schemas/bulk.ts'
import {
  ReleaseCreateBody,
  ReleasePatchBody,
  ReleasePathParams,
  ReleaseScheduleBody,
} from './schemas/requests/releases.ts'
import { Release } from './schemas/responses/releases.ts'
import { GraphqlAnswer, GraphqlRequestBody, GraphqlSdl } from './schemas/graphql.ts'
import { SyncPage } from './schemas/responses/sync.ts'
import { WebhookCreateBody, WebhookPatchBody } from './schemas/requests/webhooks.ts'
import { DocsList, ListEnvelope, PageEnvelope, Ref } from './schemas/responses/common.ts'
import { Component } from './schemas/responses/components.ts'
import { ContentType, Locales } from './schemas/responses/content-types.ts'
import { Document, DocumentProjection, Schedule, Version } from './schemas/responses/documents.ts'
import { Media } from './schemas/responses/media.ts'
import { Delivery, DeliveryDetail, Webhook } from './schemas/responses/webhooks.ts'

/** The answers name the documents' shared schemas (`$ref`), typed as the schemas they name. */
const DOCUMENT = Ref('Document', Document)
const LISTED_DOCUMENT = Ref('ListedDocument', DocumentProjection)
const MEDIA = Ref('Media', Media)
const CONTENT_TYPE = Ref('ContentType', ContentType)
const COMPONENT = Ref('Component', Component)
const LOCALES = Ref('Locales', Locales)
const WEBHOOK = Ref('Webhook', Webhook)
const DELIVERY = Ref('Delivery', Delivery)
const SCHEDULE = Ref('Schedule', Schedule)
const AUDIT_ENTRY = Ref('AuditEntry', AuditEntry)
const BULK_JOB = Ref('BulkJob', BulkJob)
const RELEASE = Ref('Release', Release)
/** A release's path: a malformed id names no release. */
const RELEASE_PATH = { params: ReleasePathParams, notFound: 'No release {id}' } as const

/** Server-Sent Events, one a change (docs/sync.md, "Live changes"). */
const CHANGE_STREAM: RawBody = {
  mediaType: 'text/event-stream',
  schema: {
    type: 'string',
    description:
      'Events `id: <seq>`, `event: <entry event>`, `data: {"seq","documentId","type","event","deleted"?}`, and `: heartbeat` comment lines',
  },
}

/** A document's path: a malformed id names no document. */
const DOCUMENT_PATH = { params: DocumentPathParams, notFound: 'No document {id}' } as const
/** A media file's path: a malformed id names no media file. */
const MEDIA_PATH = { params: MediaPathParams, notFound: 'No media {id}' } as const
/** A page of a list, refused as the lists always have. */
const PAGE = { query: PageQuery, queryInvalid: 'Invalid paging parameters' } as const

/** A JSON object no schema of the contract describes further. */
export const OpenApiDocument = Type.Unsafe<Record<string, unknown>>({
  type: 'object',
  description: 'An OpenAPI 3.1 document',
})

/**
 * What each public operation takes beside its path (query parameters, body) and answers, by
 * the operation's id in `PUBLIC_OPERATIONS`: validation, the OpenAPI document and the client's
 * types are derived from it. Kept beside the operations rather than in them so that a browser
 * program that only calls operations (the client, the admin panel) bundles no schema.
 */
export const PUBLIC_IO = {
  listDocuments: {
    input: { query: ContentListQuery },
    answer: { 200: ListEnvelope(LISTED_DOCUMENT) },
  },
  createDocument: {
    input: {
      query: Type.Pick(ContentWriteQuery, ['locale']),
      body: ContentCreateBody,
      invalid: 'The document is invalid',
    },
    answer: { 201: DOCUMENT },
  },
  getDocumentBySlug: { input: { query: ContentReadQuery }, answer: { 200: DOCUMENT } },
  getDocument: {
    input: { ...DOCUMENT_PATH, query: ContentReadQuery },
    answer: { 200: DOCUMENT },
  },
  updateDocument: {
    input: {
      ...DOCUMENT_PATH,
      query: ContentWriteQuery,
      body: ContentPatchBody,
      invalid: 'The change is invalid',
    },
    answer: { 200: DOCUMENT },
  },
  deleteDocument: { input: { ...DOCUMENT_PATH, query: ForceQuery }, answer: { 204: null } },
  listVersions: {
    input: { ...DOCUMENT_PATH, ...PAGE },
    answer: { 200: PageEnvelope(Ref('Version', Version)) },
  },
  listReferrers: { input: { ...DOCUMENT_PATH, ...PAGE }, answer: { 200: PageEnvelope(DOCUMENT) } },
  discardDraft: {
    input: { ...DOCUMENT_PATH, query: ContentAnswerQuery },
    answer: { 200: DOCUMENT },
  },
  listSchedules: { input: DOCUMENT_PATH, answer: { 200: PageEnvelope(SCHEDULE) } },
  createSchedule: {
    input: { body: ScheduleCreateBody, invalid: 'The schedule is invalid' },
    answer: { 201: SCHEDULE },
  },
  cancelSchedule: { answer: { 204: null } },
  publishDocument: {
    input: { ...DOCUMENT_PATH, query: ContentAnswerQuery },
    answer: { 200: DOCUMENT },
  },
  unpublishDocument: {
    input: { ...DOCUMENT_PATH, query: ContentAnswerQuery },
    answer: { 200: DOCUMENT },
  },
  restoreVersion: {
    input: { ...DOCUMENT_PATH, query: Type.Pick(ContentWriteQuery, ['discardDraft', 'locale']) },
    answer: { 200: DOCUMENT },
  },
  listReleases: { input: PAGE, answer: { 200: PageEnvelope(RELEASE) } },
  createRelease: {
    input: { body: ReleaseCreateBody, invalid: 'The release is invalid' },
    answer: { 201: RELEASE },
  },
  getRelease: { input: RELEASE_PATH, answer: { 200: RELEASE } },
  updateRelease: {
    input: { ...RELEASE_PATH, body: ReleasePatchBody, invalid: 'The release is invalid' },
    answer: { 200: RELEASE },
  },
  deleteRelease: { input: RELEASE_PATH, answer: { 204: null } },
  publishRelease: { input: RELEASE_PATH, answer: { 200: RELEASE } },
  scheduleRelease: {
    input: { ...RELEASE_PATH, body: ReleaseScheduleBody, invalid: 'The schedule is invalid' },
    answer: { 200: RELEASE },
  },
  unscheduleRelease: { input: RELEASE_PATH, answer: { 200: RELEASE } },
  bulkDocuments: {
    input: { body: BulkRequestBody, invalid: 'The bulk request is invalid' },
    answer: { 200: Type.Union([BULK_JOB, BulkDryRun]), 202: BULK_JOB },
  },
  getJob: { input: { params: JobPathParams, notFound: 'No job {id}' }, answer: { 200: BULK_JOB } },
  listMedia: { input: { query: MediaListQuery }, answer: { 200: PageEnvelope(MEDIA) } },
  uploadMedia: { input: { body: MediaUploadBody }, answer: { 201: MEDIA } },
  getMedia: { input: MEDIA_PATH, answer: { 200: MEDIA } },
  updateMedia: {
    // No path shape: a file name a schema cannot judge is 422 before the id is looked for.
    input: { body: MediaPatchBody, invalid: 'Invalid media update' },
    answer: { 200: MEDIA },
  },
  deleteMedia: { input: { ...MEDIA_PATH, query: LaxForceQuery }, answer: { 204: null } },
  listContentTypes: { answer: { 200: DocsList(CONTENT_TYPE) } },
  createContentType: {
    input: { body: ContentTypeCreateBody, invalid: 'The content type definition is invalid' },
    answer: { 201: CONTENT_TYPE },
  },
  getContentType: { answer: { 200: CONTENT_TYPE } },
  updateContentType: {
    input: { body: ContentTypePatchBody, invalid: 'The content type change is invalid' },
    answer: { 200: CONTENT_TYPE },
  },
  deleteContentType: { answer: { 204: null } },
  listComponents: { answer: { 200: DocsList(COMPONENT) } },
  createComponent: {
    input: { body: ComponentCreateBody, invalid: 'The component definition is invalid' },
    answer: { 201: COMPONENT },
  },
  getComponent: { answer: { 200: COMPONENT } },
  updateComponent: {
    input: { body: ComponentPatchBody, invalid: 'The component change is invalid' },
    answer: { 200: COMPONENT },
  },
  deleteComponent: { answer: { 204: null } },
  getLocales: { answer: { 200: LOCALES } },
  setLocales: {
    input: { query: LaxForceQuery, body: LocaleListBody, invalid: 'The locale list is invalid' },
    answer: { 200: LOCALES },
  },
  listWebhooks: { answer: { 200: DocsList(WEBHOOK) } },
  createWebhook: {
    input: { body: WebhookCreateBody, invalid: 'The webhook is invalid' },
    answer: { 201: WEBHOOK },
  },
  getWebhook: { answer: { 200: WEBHOOK } },
  updateWebhook: {
    input: { body: WebhookPatchBody, invalid: 'The webhook is invalid' },
    answer: { 200: WEBHOOK },
  },
  deleteWebhook: { answer: { 204: null } },
  testWebhook: { answer: { 202: DELIVERY } },
  listDeliveries: { input: PAGE, answer: { 200: PageEnvelope(DELIVERY) } },
  getDelivery: { answer: { 200: Ref('DeliveryDetail', DeliveryDetail) } },
  redeliver: { answer: { 202: DELIVERY } },
  listKeys: { answer: { 200: DocsList(ApiKey) } },
  createKey: { input: { body: ApiKeyCreateBody }, answer: { 201: CreatedApiKey } },
  revokeKey: { answer: { 204: null } },
  rotateKey: {
    input: { body: KeyRotateBody, bodyRequired: false },
    answer: { 201: CreatedApiKey },
  },
  listRoles: { answer: { 200: DocsList(Role) } },
  createRole: { input: { body: RoleCreateBody }, answer: { 201: Role } },
  updateRole: { input: { body: RoleUpdateBody }, answer: { 200: Role } },
  deleteRole: { answer: { 204: null } },
  createPreviewToken: {
    input: { body: PreviewTokenBody, bodyRequired: false },
    answer: { 201: PreviewToken },
  },
  listAudit: { input: { query: AuditQuery }, answer: { 200: PageEnvelope(AUDIT_ENTRY) } },
  getAuditHead: { answer: { 200: Ref('AuditHead', AuditHead) } },
  streamChanges: {
    input: { query: ChangeStreamQuery, queryInvalid: 'Invalid change stream parameters' },
    answer: { 200: CHANGE_STREAM },
  },
  sync: {
    input: { query: SyncQuery, queryInvalid: 'Invalid sync parameters' },
    answer: { 200: SyncPage(DOCUMENT) },
  },
  getOpenApiDocument: { answer: { 200: OpenApiDocument } },
  // GraphQL over HTTP answers a request it cannot run with `{errors}` too (400; 405 for a
  // mutation by GET).
  graphqlQuery: { answer: { 200: GraphqlAnswer, 400: GraphqlAnswer, 405: GraphqlAnswer } },
  graphql: {
    input: { body: GraphqlRequestBody },
    answer: { 200: GraphqlAnswer, 400: GraphqlAnswer },
  },
  graphqlSchema: { answer: { 200: GraphqlSdl } },
} as const satisfies { readonly [Id in PublicOperationId]: OperationIo }

export type PublicIo = typeof PUBLIC_IO
