import { ADMIN_IO } from '../admin-io.ts'
import { ADMIN_OPERATIONS } from '../admin-operations.ts'
import type { AdminOperationId } from '../admin-operations.ts'
import { ApiKeyCreateBody, QuotaChangeBody, WebsiteBody } from '../schemas/requests/admin.ts'
import { MediaPatchBody } from '../schemas/requests/content.ts'
import {
  ApiKey,
  CreatedApiKey,
  ImportResult,
  Role,
  Purge,
  QuotaReport,
  Website,
} from '../schemas/responses/admin.ts'
import { ErrorBody } from '../schemas/responses/common.ts'
import { ContentType, Locales } from '../schemas/responses/content-types.ts'
import { Component } from '../schemas/responses/components.ts'
import { Document, DocumentProjection, Version } from '../schemas/responses/documents.ts'
import { Media } from '../schemas/responses/media.ts'
import { Delivery, Webhook } from '../schemas/responses/webhooks.ts'
import { MediaUpload } from '../schemas/media-upload.ts'
import {
  CreatedPersonalToken,
  Invitation,
  InvitationPreview,
  OneTimeLink,
  Person,
  PersonalToken,
  Session,
  SignInOptions,
  TotpEnrolment,
} from '../schemas/responses/people.ts'
import { accountRoutes } from './account-routes.ts'
import { AuditEntry, AuditHead } from '../schemas/responses/audit.ts'
import { errorResponses, pathsOf, plain, ref, SERVERS } from './operation.ts'
import type { RouteSpec } from './operation.ts'
import { routeOf } from './route-io.ts'
import type { RouteProse } from './route-io.ts'
import { API_VERSION, OPENAPI_VERSION } from './public-document.ts'

type Json = Record<string, unknown>

const WEBSITE = { id: 'A website id' }
const WEBSITES = 'Websites'
const VIEWS = 'Website data (read-only views)'
const PEOPLE = 'People'
const PERSON = { personId: 'A person id' }

const view = (summary: string): RouteProse => ({
  pathParams: {
    ...WEBSITE,
    docId: 'A document id',
    hookId: 'A webhook id',
    name: 'A content type name',
  },
  tag: VIEWS,
  summary,
  description: 'The public read of this website, as its admin (drafts included).',
})

/** What the admin document says of each admin operation of the contract. */
const ADMIN_ROUTE_DOCS: { readonly [Id in AdminOperationId]: RouteProse } = {
  listWebsites: {
    tag: WEBSITES,
    summary: 'List websites, oldest first',
  },
  createWebsite: {
    tag: WEBSITES,
    summary: 'Create a website',
    errors: [413, 415],
  },
  getWebsite: {
    pathParams: WEBSITE,
    tag: WEBSITES,
    summary: 'Read a website',
  },
  renameWebsite: {
    pathParams: WEBSITE,
    tag: WEBSITES,
    summary: 'Rename a website',
    errors: [413, 415],
  },
  deleteWebsite: {
    pathParams: WEBSITE,
    tag: WEBSITES,
    summary: 'Delete a website: its keys stop at once, its data is purged in the background',
  },
  getQuotas: {
    pathParams: WEBSITE,
    tag: WEBSITES,
    summary: "A website's quotas with their usage",
  },
  changeQuotas: {
    pathParams: WEBSITE,
    tag: WEBSITES,
    summary: 'Override quotas (null: back to the default)',
    errors: [413, 415],
  },
  listKeys: {
    pathParams: WEBSITE,
    tag: 'Keys',
    summary: "A website's keys (revoked ones marked)",
  },
  createKey: {
    pathParams: WEBSITE,
    tag: 'Keys',
    summary: 'Create a key (shown once)',
    errors: [413, 415],
  },
  revokeKey: {
    pathParams: { ...WEBSITE, keyId: 'A key id' },
    tag: 'Keys',
    summary: 'Revoke a key',
  },
  rotateKey: {
    pathParams: { ...WEBSITE, keyId: 'A key id' },
    tag: 'Keys',
    summary: 'Rotate a key: a new key like it (shown once); the old one works for graceSeconds',
    errors: [409, 413, 415],
  },
  listRoles: {
    pathParams: WEBSITE,
    tag: 'Roles',
    summary: "The roles a website's keys may have: built in, then its own",
  },
  createRole: {
    pathParams: WEBSITE,
    tag: 'Roles',
    summary: 'Create a role of the website',
    errors: [409, 413, 415],
  },
  updateRole: {
    pathParams: { ...WEBSITE, name: 'A role of the website' },
    tag: 'Roles',
    summary: "Change a role's description or permissions (its keys follow within seconds)",
    errors: [409, 413, 415],
  },
  deleteRole: {
    pathParams: { ...WEBSITE, name: 'A role of the website' },
    tag: 'Roles',
    summary: 'Delete a role no live key has',
    errors: [409],
  },
  getPurge: {
    pathParams: { websiteId: 'A deleted website id' },
    tag: 'Lifecycle',
    summary: "A deleted website's purge",
  },
  exportWebsite: {
    pathParams: WEBSITE,
    tag: 'Lifecycle',
    summary: 'Export a website as NDJSON',
  },
  importWebsite: {
    tag: 'Lifecycle',
    summary: 'Import an export as a new website',
    errors: [409, 415],
  },
  viewContentTypes: view("The website's content types"),
  viewContentType: view('A content type'),
  viewComponents: view("The website's components"),
  viewLocales: view("The website's locales"),
  viewGraphqlSchema: view(
    "The website's GraphQL schema as SDL, as its owner sees it (docs/graphql.md), even while introspection is off",
  ),
  viewDocuments: view("The website's documents, drafts included"),
  viewDocument: view('A document (its draft state)'),
  viewVersions: view("A document's versions"),
  viewWebhooks: view("The website's webhooks"),
  viewWebhook: view('A webhook'),
  viewDeliveries: view("A webhook's delivery log"),
  viewMedia: { ...view("The website's media"), tag: 'Media' },
  uploadMedia: {
    pathParams: WEBSITE,
    tag: 'Media',
    summary: 'Upload a file to the website',
    errors: [413, 415],
  },
  updateMedia: {
    pathParams: { ...WEBSITE, mediaId: 'A media id' },
    tag: 'Media',
    summary: "Change a file's alt text, caption or name",
    errors: [413, 415],
  },
  deleteMedia: {
    pathParams: { ...WEBSITE, mediaId: 'A media id' },
    tag: 'Media',
    summary: 'Delete a file',
    errors: [409],
  },
  listPeople: { tag: PEOPLE, summary: 'The people of the installation' },
  createPerson: {
    tag: PEOPLE,
    summary: 'Add a person (with a password, or to sign in through a provider)',
    errors: [409, 413, 415],
  },
  getPerson: { pathParams: PERSON, tag: PEOPLE, summary: 'Read a person' },
  updatePerson: {
    pathParams: PERSON,
    tag: PEOPLE,
    summary: "Change a person's name, operator flag or memberships, or disable them",
    description: 'Disabling ends every session of the person at once, on every gateway instance.',
    errors: [409, 413, 415],
  },
  removePerson: {
    pathParams: PERSON,
    tag: PEOPLE,
    summary: 'Remove a person: their sessions and personal tokens end at once',
    errors: [409],
  },
  createPasswordReset: {
    pathParams: PERSON,
    tag: PEOPLE,
    summary: 'A one-time link that sets a new password (shown once)',
  },
  listInvitations: { tag: PEOPLE, summary: 'Open invitations' },
  createInvitation: {
    tag: PEOPLE,
    summary: 'Invite a person by a link that expires (shown once)',
    errors: [409, 413, 415],
  },
  revokeInvitation: {
    pathParams: { invitationId: 'An invitation id' },
    tag: PEOPLE,
    summary: 'Withdraw an invitation',
  },
  viewAudit: {
    tag: 'Audit',
    summary: "A chain of the audit log: a website's or the platform's (chain=platform)",
  },
  getAuditHead: { tag: 'Audit', summary: 'The last entry of a chain, to keep elsewhere' },
  createFirstOperatorLink: {
    tag: PEOPLE,
    summary:
      'While no operator exists: a one-time link that creates the first (npm start prints it)',
    errors: [409],
  },
  getAdminOpenApiDocument: {
    tag: 'Description',
    summary: 'This document',
  },
}

/** The document's named schemas; an operation's body or answer that is one of them is a `$ref`. */
const COMPONENT_SCHEMAS: Readonly<Record<string, object>> = {
  Error: ErrorBody,
  Website,
  ApiKey,
  CreatedApiKey,
  Role,
  QuotaReport,
  Purge,
  ImportResult,
  ContentType,
  Component,
  Locales,
  Document,
  DocumentProjection,
  ListedDocument: { anyOf: [ref('Document'), ref('DocumentProjection')] },
  Version,
  Media,
  Webhook,
  Delivery,
  WebsiteBody,
  ApiKeyCreateBody,
  QuotaChangeBody,
  MediaPatchBody,
  MediaUpload,
  Person,
  AuditEntry,
  AuditHead,
  Invitation,
  OneTimeLink,
  Session,
  SignInOptions,
  InvitationPreview,
  TotpEnrolment,
  PersonalToken,
  CreatedPersonalToken,
}

/**
 * Every route of `/admin/api` (docs/gateway.md, "Admin API") then of `/auth` (docs/people.md),
 * in the contract's order.
 */
export const ADMIN_ROUTES: readonly RouteSpec[] = [
  ...(Object.keys(ADMIN_OPERATIONS) as AdminOperationId[]).map((id): RouteSpec => ({
    ...routeOf(ADMIN_IO[id], ADMIN_ROUTE_DOCS[id], COMPONENT_SCHEMAS),
    method: ADMIN_OPERATIONS[id].method.toLowerCase() as RouteSpec['method'],
    pattern: ADMIN_OPERATIONS[id].path,
    access: 'token',
  })),
  ...accountRoutes(COMPONENT_SCHEMAS),
]

/** The OpenAPI 3.1 document of the admin API (the platform operator's). */
export function buildAdminDocument(): Json {
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'Admin API',
      version: API_VERSION,
      description:
        "The platform operator's API: websites, keys, quotas, people, purges, export and import, and read-only views of a website; and `/auth`, where people sign in. Every error answer has the shape `{error: {code, message, details?}}`.",
    },
    servers: SERVERS,
    security: [{ adminToken: [] }],
    tags: [...new Set(ADMIN_ROUTES.map((route) => route.tag))].map((name) => ({ name })),
    paths: pathsOf(ADMIN_ROUTES),
    components: {
      schemas: Object.fromEntries(
        Object.entries(COMPONENT_SCHEMAS).map(([name, schema]) => [name, plain(schema as Json)]),
      ),
      responses: errorResponses(),
      securitySchemes: {
        adminToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The platform admin token (`CMS_ADMIN_TOKEN`)',
        },
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'cms_session',
          description: 'A signed-in person; every write also sends `x-csrf-token`',
        },
        personalToken: {
          type: 'http',
          scheme: 'bearer',
          description: "A person's personal access token (`cmsu_...`)",
        },
      },
    },
  }
}
