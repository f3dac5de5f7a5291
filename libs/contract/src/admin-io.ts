import type { AdminOperationId } from './admin-operations.ts'
import type { OperationIo, RawBody } from './operation-io.ts'
import { OpenApiDocument } from './public-io.ts'
import { GraphqlSdl } from './schemas/graphql.ts'
import { MediaUploadBody, WebsiteExportBody } from './schemas/media-upload.ts'
import { ApiKeyCreateBody, QuotaChangeBody, WebsiteBody } from './schemas/requests/admin.ts'
import { MediaPatchBody } from './schemas/requests/content.ts'
import { KeyRotateBody, RoleCreateBody, RoleUpdateBody } from './schemas/requests/permissions.ts'
import {
  InvitationCreateBody,
  PersonCreateBody,
  PersonUpdateBody,
} from './schemas/requests/people.ts'
import { Invitation, OneTimeLink, Person } from './schemas/responses/people.ts'
import { AdminAuditQuery, AuditHeadQuery } from './schemas/requests/audit.ts'
import { AuditEntry, AuditHead } from './schemas/responses/audit.ts'
import {
  ContentListQuery,
  ImportQuery,
  LaxForceQuery,
  PageQuery,
} from './schemas/requests/queries.ts'
import {
  ApiKey,
  CreatedApiKey,
  ImportResult,
  Purge,
  QuotaReport,
  Role,
  Website,
} from './schemas/responses/admin.ts'
import { DocsList, ListEnvelope, PageEnvelope, Ref } from './schemas/responses/common.ts'
import { ContentType, Locales } from './schemas/responses/content-types.ts'
import { Component } from './schemas/responses/components.ts'
import { Document, DocumentProjection, Version } from './schemas/responses/documents.ts'
import { Media } from './schemas/responses/media.ts'
import { Delivery, Webhook } from './schemas/responses/webhooks.ts'

const WEBSITE = Ref('Website', Website)
const QUOTA_REPORT = Ref('QuotaReport', QuotaReport)
const MEDIA = Ref('Media', Media)
const ROLE = Ref('Role', Role)
const PERSON = Ref('Person', Person)
const INVITATION = Ref('Invitation', Invitation)

const EXPORT: RawBody = { mediaType: WebsiteExportBody.mediaType, schema: { type: 'string' } }

/**
 * What each admin operation takes beside its path and answers, by its id in
 * `ADMIN_OPERATIONS` (see PUBLIC_IO for why it is kept beside the operations).
 */
export const ADMIN_IO = {
  listWebsites: { answer: { 200: DocsList(WEBSITE) } },
  createWebsite: { input: { body: WebsiteBody }, answer: { 201: WEBSITE } },
  getWebsite: { answer: { 200: WEBSITE } },
  renameWebsite: { input: { body: WebsiteBody }, answer: { 200: WEBSITE } },
  deleteWebsite: { answer: { 204: null } },
  getQuotas: { answer: { 200: QUOTA_REPORT } },
  changeQuotas: { input: { body: QuotaChangeBody }, answer: { 200: QUOTA_REPORT } },
  listKeys: { answer: { 200: DocsList(Ref('ApiKey', ApiKey)) } },
  createKey: {
    input: { body: ApiKeyCreateBody },
    answer: { 201: Ref('CreatedApiKey', CreatedApiKey) },
  },
  revokeKey: { answer: { 204: null } },
  rotateKey: {
    input: { body: KeyRotateBody, bodyRequired: false },
    answer: { 201: Ref('CreatedApiKey', CreatedApiKey) },
  },
  listRoles: { answer: { 200: DocsList(ROLE) } },
  createRole: { input: { body: RoleCreateBody }, answer: { 201: ROLE } },
  updateRole: { input: { body: RoleUpdateBody }, answer: { 200: ROLE } },
  deleteRole: { answer: { 204: null } },
  getPurge: { answer: { 200: Ref('Purge', Purge) } },
  exportWebsite: { answer: { 200: EXPORT } },
  importWebsite: {
    input: { query: ImportQuery, body: WebsiteExportBody },
    answer: { 201: Ref('ImportResult', ImportResult) },
  },
  viewContentTypes: { answer: { 200: DocsList(Ref('ContentType', ContentType)) } },
  viewContentType: { answer: { 200: Ref('ContentType', ContentType) } },
  viewComponents: { answer: { 200: DocsList(Ref('Component', Component)) } },
  viewLocales: { answer: { 200: Ref('Locales', Locales) } },
  viewGraphqlSchema: { answer: { 200: GraphqlSdl } },
  viewDocuments: {
    input: { query: ContentListQuery },
    answer: { 200: ListEnvelope(Ref('ListedDocument', DocumentProjection)) },
  },
  viewDocument: { answer: { 200: Ref('Document', Document) } },
  viewVersions: {
    input: { query: PageQuery },
    answer: { 200: PageEnvelope(Ref('Version', Version)) },
  },
  viewWebhooks: { answer: { 200: DocsList(Ref('Webhook', Webhook)) } },
  viewWebhook: { answer: { 200: Ref('Webhook', Webhook) } },
  viewDeliveries: {
    input: { query: PageQuery },
    answer: { 200: PageEnvelope(Ref('Delivery', Delivery)) },
  },
  viewMedia: { input: { query: PageQuery }, answer: { 200: PageEnvelope(MEDIA) } },
  uploadMedia: { input: { body: MediaUploadBody }, answer: { 201: MEDIA } },
  updateMedia: {
    input: { body: MediaPatchBody, invalid: 'Invalid media update' },
    answer: { 200: MEDIA },
  },
  deleteMedia: { input: { query: LaxForceQuery }, answer: { 204: null } },
  listPeople: { answer: { 200: DocsList(PERSON) } },
  createPerson: { input: { body: PersonCreateBody }, answer: { 201: PERSON } },
  getPerson: { answer: { 200: PERSON } },
  updatePerson: { input: { body: PersonUpdateBody }, answer: { 200: PERSON } },
  removePerson: { answer: { 204: null } },
  createPasswordReset: { answer: { 201: Ref('OneTimeLink', OneTimeLink) } },
  listInvitations: { answer: { 200: DocsList(INVITATION) } },
  createInvitation: { input: { body: InvitationCreateBody }, answer: { 201: INVITATION } },
  revokeInvitation: { answer: { 204: null } },
  viewAudit: {
    input: { query: AdminAuditQuery },
    answer: { 200: PageEnvelope(Ref('AuditEntry', AuditEntry)) },
  },
  getAuditHead: { input: { query: AuditHeadQuery }, answer: { 200: Ref('AuditHead', AuditHead) } },
  createFirstOperatorLink: { answer: { 201: Ref('OneTimeLink', OneTimeLink) } },
  getAdminOpenApiDocument: { answer: { 200: OpenApiDocument } },
} as const satisfies { readonly [Id in AdminOperationId]: OperationIo }

export type AdminIo = typeof ADMIN_IO
