import { ADMIN_OPERATIONS } from '../admin-operations.ts'
import type { AdminOperationId } from '../admin-operations.ts'
import { ApiKeyCreateBody, QuotaChangeBody, WebsiteBody } from '../schemas/requests/admin.ts'
import { KeyRotateBody, RoleCreateBody, RoleUpdateBody } from '../schemas/requests/permissions.ts'
import { MediaPatchBody } from '../schemas/requests/content.ts'
import { ContentListQuery, ForceQuery, PageQuery } from '../schemas/requests/queries.ts'
import {
  ApiKey,
  CreatedApiKey,
  ImportResult,
  Role,
  Purge,
  QuotaReport,
  Website,
} from '../schemas/responses/admin.ts'
import {
  DocsList,
  ErrorBody,
  ListEnvelope,
  PageEnvelope,
  Ref,
} from '../schemas/responses/common.ts'
import { ContentType, Locales } from '../schemas/responses/content-types.ts'
import { Document, DocumentProjection, Version } from '../schemas/responses/documents.ts'
import { Media } from '../schemas/responses/media.ts'
import { Delivery, Webhook } from '../schemas/responses/webhooks.ts'
import { MediaUpload } from '../schemas/media-upload.ts'
import { errorResponses, pathsOf, plain, ref, SERVERS } from './operation.ts'
import type { RouteDoc, RouteSpec } from './operation.ts'
import { queryParameters } from './parameters.ts'
import { API_VERSION, OPENAPI_VERSION } from './public-document.ts'

type Json = Record<string, unknown>

const WEBSITE = { id: 'A website id' }
const WEBSITES = 'Websites'
const VIEWS = 'Website data (read-only views)'

const view = (summary: string, ok: Json, parameters = [] as RouteSpec['parameters']): RouteDoc => ({
  pathParams: {
    ...WEBSITE,
    docId: 'A document id',
    hookId: 'A webhook id',
    name: 'A content type name',
  },
  tag: VIEWS,
  summary,
  description: 'The public read of this website, as its admin (drafts included).',
  ...(parameters && { parameters }),
  ok: { 200: ok },
})

/** What the admin document says of each admin operation of the contract. */
const ADMIN_ROUTE_DOCS: { readonly [Id in AdminOperationId]: RouteDoc } = {
  listWebsites: {
    tag: WEBSITES,
    summary: 'List websites, oldest first',
    ok: { 200: plain(DocsList(Ref('Website'))) },
  },
  createWebsite: {
    tag: WEBSITES,
    summary: 'Create a website',
    body: ref('WebsiteBody'),
    ok: { 201: ref('Website') },
    errors: [413, 415],
  },
  getWebsite: {
    pathParams: WEBSITE,
    tag: WEBSITES,
    summary: 'Read a website',
    ok: { 200: ref('Website') },
  },
  renameWebsite: {
    pathParams: WEBSITE,
    tag: WEBSITES,
    summary: 'Rename a website',
    body: ref('WebsiteBody'),
    ok: { 200: ref('Website') },
    errors: [413, 415],
  },
  deleteWebsite: {
    pathParams: WEBSITE,
    tag: WEBSITES,
    summary: 'Delete a website: its keys stop at once, its data is purged in the background',
    ok: { 204: null },
  },
  getQuotas: {
    pathParams: WEBSITE,
    tag: WEBSITES,
    summary: "A website's quotas with their usage",
    ok: { 200: ref('QuotaReport') },
  },
  changeQuotas: {
    pathParams: WEBSITE,
    tag: WEBSITES,
    summary: 'Override quotas (null: back to the default)',
    body: ref('QuotaChangeBody'),
    ok: { 200: ref('QuotaReport') },
    errors: [413, 415],
  },
  listKeys: {
    pathParams: WEBSITE,
    tag: 'Keys',
    summary: "A website's keys (revoked ones marked)",
    ok: { 200: plain(DocsList(Ref('ApiKey'))) },
  },
  createKey: {
    pathParams: WEBSITE,
    tag: 'Keys',
    summary: 'Create a key (shown once)',
    body: ref('ApiKeyCreateBody'),
    ok: { 201: ref('CreatedApiKey') },
    errors: [413, 415],
  },
  revokeKey: {
    pathParams: { ...WEBSITE, keyId: 'A key id' },
    tag: 'Keys',
    summary: 'Revoke a key',
    ok: { 204: null },
  },
  rotateKey: {
    pathParams: { ...WEBSITE, keyId: 'A key id' },
    tag: 'Keys',
    summary: 'Rotate a key: a new key like it (shown once); the old one works for graceSeconds',
    body: plain(KeyRotateBody),
    bodyRequired: false,
    ok: { 201: ref('CreatedApiKey') },
    errors: [409, 413, 415],
  },
  listRoles: {
    pathParams: WEBSITE,
    tag: 'Roles',
    summary: "The roles a website's keys may have: built in, then its own",
    ok: { 200: plain(DocsList(Ref('Role'))) },
  },
  createRole: {
    pathParams: WEBSITE,
    tag: 'Roles',
    summary: 'Create a role of the website',
    body: plain(RoleCreateBody),
    ok: { 201: ref('Role') },
    errors: [409, 413, 415],
  },
  updateRole: {
    pathParams: { ...WEBSITE, name: 'A role of the website' },
    tag: 'Roles',
    summary: "Change a role's description or permissions (its keys follow within seconds)",
    body: plain(RoleUpdateBody),
    ok: { 200: ref('Role') },
    errors: [409, 413, 415],
  },
  deleteRole: {
    pathParams: { ...WEBSITE, name: 'A role of the website' },
    tag: 'Roles',
    summary: 'Delete a role no live key has',
    ok: { 204: null },
    errors: [409],
  },
  getPurge: {
    pathParams: { websiteId: 'A deleted website id' },
    tag: 'Lifecycle',
    summary: "A deleted website's purge",
    ok: { 200: ref('Purge') },
  },
  exportWebsite: {
    pathParams: WEBSITE,
    tag: 'Lifecycle',
    summary: 'Export a website as NDJSON',
    ok: { 200: { mediaType: 'application/x-ndjson', schema: { type: 'string' } } },
  },
  importWebsite: {
    tag: 'Lifecycle',
    summary: 'Import an export as a new website',
    parameters: [
      {
        name: 'name',
        in: 'query',
        required: true,
        description: "The new website's name",
        schema: { type: 'string' },
      },
    ],
    body: { type: 'string', description: 'An export' },
    bodyMediaType: 'application/x-ndjson',
    ok: { 201: ref('ImportResult') },
    errors: [409, 415],
  },
  viewContentTypes: view("The website's content types", plain(DocsList(Ref('ContentType')))),
  viewContentType: view('A content type', ref('ContentType')),
  viewLocales: view("The website's locales", ref('Locales')),
  viewDocuments: view(
    "The website's documents, drafts included",
    plain(ListEnvelope(Ref('ListedDocument'))),
    queryParameters(ContentListQuery),
  ),
  viewDocument: view('A document (its draft state)', ref('Document')),
  viewVersions: view(
    "A document's versions",
    plain(PageEnvelope(Ref('Version'))),
    queryParameters(PageQuery),
  ),
  viewWebhooks: view("The website's webhooks", plain(DocsList(Ref('Webhook')))),
  viewWebhook: view('A webhook', ref('Webhook')),
  viewDeliveries: view(
    "A webhook's delivery log",
    plain(PageEnvelope(Ref('Delivery'))),
    queryParameters(PageQuery),
  ),
  viewMedia: {
    ...view("The website's media", plain(PageEnvelope(Ref('Media'))), queryParameters(PageQuery)),
    tag: 'Media',
  },
  uploadMedia: {
    pathParams: WEBSITE,
    tag: 'Media',
    summary: 'Upload a file to the website',
    body: ref('MediaUpload'),
    bodyMediaType: 'multipart/form-data',
    ok: { 201: ref('Media') },
    errors: [413, 415],
  },
  updateMedia: {
    pathParams: { ...WEBSITE, mediaId: 'A media id' },
    tag: 'Media',
    summary: "Change a file's alt text, caption or name",
    body: ref('MediaPatchBody'),
    ok: { 200: ref('Media') },
    errors: [413, 415],
  },
  deleteMedia: {
    pathParams: { ...WEBSITE, mediaId: 'A media id' },
    tag: 'Media',
    summary: 'Delete a file',
    parameters: queryParameters(ForceQuery),
    ok: { 204: null },
    errors: [409],
  },
  getAdminOpenApiDocument: {
    tag: 'Description',
    summary: 'This document',
    ok: { 200: { type: 'object', description: 'An OpenAPI 3.1 document' } },
  },
}

/** Every route of `/admin/api` (docs/gateway.md, "Admin API"), in the contract's order. */
export const ADMIN_ROUTES: readonly RouteSpec[] = (
  Object.keys(ADMIN_OPERATIONS) as AdminOperationId[]
).map((id) => ({
  ...ADMIN_ROUTE_DOCS[id],
  method: ADMIN_OPERATIONS[id].method.toLowerCase() as RouteSpec['method'],
  pattern: ADMIN_OPERATIONS[id].path,
  access: 'token',
}))

/** The OpenAPI 3.1 document of the admin API (the platform operator's). */
export function buildAdminDocument(): Json {
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'Admin API',
      version: API_VERSION,
      description:
        "The platform operator's API: websites, keys, quotas, purges, export and import, and read-only views of a website. Every error answer has the shape `{error: {code, message, details?}}`.",
    },
    servers: SERVERS,
    security: [{ adminToken: [] }],
    tags: [...new Set(ADMIN_ROUTES.map((route) => route.tag))].map((name) => ({ name })),
    paths: pathsOf(ADMIN_ROUTES),
    components: {
      schemas: {
        Error: plain(ErrorBody),
        Website: plain(Website),
        ApiKey: plain(ApiKey),
        CreatedApiKey: plain(CreatedApiKey),
        Role: plain(Role),
        QuotaReport: plain(QuotaReport),
        Purge: plain(Purge),
        ImportResult: plain(ImportResult),
        ContentType: plain(ContentType),
        Locales: plain(Locales),
        Document: plain(Document),
        DocumentProjection: plain(DocumentProjection),
        ListedDocument: { anyOf: [ref('Document'), ref('DocumentProjection')] },
        Version: plain(Version),
        Media: plain(Media),
        Webhook: plain(Webhook),
        Delivery: plain(Delivery),
        WebsiteBody: plain(WebsiteBody),
        ApiKeyCreateBody: plain(ApiKeyCreateBody),
        QuotaChangeBody: plain(QuotaChangeBody),
        MediaPatchBody: plain(MediaPatchBody),
        MediaUpload,
      },
      responses: errorResponses(),
      securitySchemes: {
        adminToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The platform admin token (`CMS_ADMIN_TOKEN`)',
        },
      },
    },
  }
}
