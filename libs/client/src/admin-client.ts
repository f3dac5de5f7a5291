import { mediaForm } from './media-api.ts'
import { ADMIN_OPERATIONS as ADMIN } from '@cms/contract'
import { operationCaller, operationRequest } from './operation-call.ts'
import { csrfHeaders } from './session-auth.ts'
import type { SessionAuth } from './session-auth.ts'
import { createTransport } from './transport.ts'
import type { CallOptions, RequestBody, TransportOptions } from './transport.ts'
import type {
  CreatedKey,
  ImportAnswer,
  KeyInput,
  KeyRotation,
  ListedKey,
  PurgeProgress,
  QuotaChange,
  QuotaReport,
  Role,
  RoleChange,
  RoleInput,
  Website,
} from './types/admin.ts'
import type { AuditEntry, AuditHead, ChainAuditQuery } from './types/audit.ts'
import type { Component } from './types/component.ts'
import type { ContentType } from './types/content-type.ts'
import type { CmsDocument } from './types/document.ts'
import type { DocsList, Page } from './types/list.ts'
import type { LocaleList } from './types/locale.ts'
import type { MediaChange, MediaFile, MediaUpload } from './types/media.ts'
import type {
  Invitation,
  InvitationInput,
  OneTimeLink,
  Person,
  PersonChange,
  PersonInput,
} from './types/people.ts'
import type { ContentQuery, PageQuery } from './types/query.ts'
import type { Delivery, Webhook } from './types/webhook.ts'

export type CmsAdminClientOptions = Omit<TransportOptions, 'headers' | 'writeHeaders'> &
  (
    | {
        /** The platform admin token (`CMS_ADMIN_TOKEN` of the gateway) or an operator's `cmsu_` token. */
        token: string
        session?: never
      }
    | {
        token?: never
        /** An operator's session in a browser (the cookie; the CSRF token on writes). */
        session: SessionAuth
      }
  )

/**
 * The admin API (`/admin/api`): websites, keys, roles, quotas, purges, export and import, media, and
 * read-only views of a website's documents and webhooks. Its writes carry no `Idempotency-Key` (the admin API does not keep keyed answers), so a 503 on a write is
 * thrown rather than retried; 429s and reads are retried.
 */
export function createCmsAdminClient(options: CmsAdminClientOptions) {
  const { session } = options
  const transport = createTransport({
    ...options,
    ...(session
      ? { headers: {}, writeHeaders: csrfHeaders(() => session.csrfToken) }
      : { headers: { authorization: `Bearer ${options.token}` } }),
  })
  const call = operationCaller(transport)
  return {
    baseUrl: transport.baseUrl,
    websites: {
      list: (options?: CallOptions) => call<DocsList<Website>>(ADMIN.listWebsites, options),
      get: (id: string, options?: CallOptions) =>
        call<Website>(ADMIN.getWebsite, { params: { id }, ...options }),
      create: (name: string, options?: CallOptions) =>
        call<Website>(ADMIN.createWebsite, { json: { name }, ...options }),
      rename: (id: string, name: string, options?: CallOptions) =>
        call<Website>(ADMIN.renameWebsite, { params: { id }, json: { name }, ...options }),
      /** 204 at once; the website's data is purged in the background (`purges.get`). */
      delete: (id: string, options?: CallOptions) =>
        call<undefined>(ADMIN.deleteWebsite, { params: { id }, ...options }),
      /** The content types of a website, read as its admin. */
      contentTypes: (id: string, options?: CallOptions) =>
        call<DocsList<ContentType>>(ADMIN.viewContentTypes, { params: { id }, ...options }),
      /** The components of a website, read as its admin. */
      components: (id: string, options?: CallOptions) =>
        call<DocsList<Component>>(ADMIN.viewComponents, { params: { id }, ...options }),
      locales: (id: string, options?: CallOptions) =>
        call<LocaleList>(ADMIN.viewLocales, { params: { id }, ...options }),
      /** The website's GraphQL schema as SDL, as its owner sees it. */
      graphqlSchema: (id: string, options?: CallOptions) =>
        call<string>(ADMIN.viewGraphqlSchema, {
          params: { id },
          accept: 'text/plain',
          ...options,
        }),
      /** The website's documents as its admin reads them (drafts included). */
      documents: (id: string, query?: ContentQuery, options?: CallOptions) =>
        call<Page<CmsDocument>>(ADMIN.viewDocuments, { params: { id }, query, ...options }),
      webhooks: (id: string, options?: CallOptions) =>
        call<DocsList<Webhook>>(ADMIN.viewWebhooks, { params: { id }, ...options }),
      /** A webhook's delivery log, newest first. */
      deliveries: (id: string, hookId: string, query?: PageQuery, options?: CallOptions) =>
        call<Page<Delivery>>(ADMIN.viewDeliveries, { params: { id, hookId }, query, ...options }),
      /** The export's NDJSON bytes as they stream. */
      export: async (id: string, options?: CallOptions): Promise<ReadableStream<Uint8Array>> => {
        const response = await transport.stream(
          operationRequest(ADMIN.exportWebsite, {
            params: { id },
            accept: 'application/x-ndjson, application/json',
            untimed: true,
            ...options,
          }),
        )
        return response.body ?? new ReadableStream({ start: (c) => c.close() })
      },
      /** Streams an export in as a new website named `name`; sent once (a stream cannot be replayed). */
      import: (name: string, ndjson: RequestBody, options?: CallOptions) =>
        call<ImportAnswer>(ADMIN.importWebsite, {
          query: { name },
          body: ndjson,
          contentType: 'application/x-ndjson',
          untimed: true,
          ...options,
        }),
    },
    keys: {
      list: (websiteId: string, options?: CallOptions) =>
        call<DocsList<ListedKey>>(ADMIN.listKeys, { params: { id: websiteId }, ...options }),
      create: (websiteId: string, input: KeyInput, options?: CallOptions) =>
        call<CreatedKey>(ADMIN.createKey, { params: { id: websiteId }, json: input, ...options }),
      revoke: (websiteId: string, keyId: string, options?: CallOptions) =>
        call<undefined>(ADMIN.revokeKey, { params: { id: websiteId, keyId }, ...options }),
      /** A new key like `keyId` (shown once); the old one works for `graceSeconds`. */
      rotate: (
        websiteId: string,
        keyId: string,
        rotation: KeyRotation = {},
        options?: CallOptions,
      ) =>
        call<CreatedKey>(ADMIN.rotateKey, {
          params: { id: websiteId, keyId },
          json: rotation,
          ...options,
        }),
    },
    roles: {
      list: (websiteId: string, options?: CallOptions) =>
        call<DocsList<Role>>(ADMIN.listRoles, { params: { id: websiteId }, ...options }),
      create: (websiteId: string, input: RoleInput, options?: CallOptions) =>
        call<Role>(ADMIN.createRole, { params: { id: websiteId }, json: input, ...options }),
      update: (websiteId: string, name: string, change: RoleChange, options?: CallOptions) =>
        call<Role>(ADMIN.updateRole, {
          params: { id: websiteId, name },
          json: change,
          ...options,
        }),
      delete: (websiteId: string, name: string, options?: CallOptions) =>
        call<undefined>(ADMIN.deleteRole, { params: { id: websiteId, name }, ...options }),
    },
    quotas: {
      get: (websiteId: string, options?: CallOptions) =>
        call<QuotaReport>(ADMIN.getQuotas, { params: { id: websiteId }, ...options }),
      change: (websiteId: string, change: QuotaChange, options?: CallOptions) =>
        call<QuotaReport>(ADMIN.changeQuotas, {
          params: { id: websiteId },
          json: change,
          ...options,
        }),
    },
    /** A website's media library, as its admin changes it (docs/media.md). */
    media: {
      list: (websiteId: string, query?: PageQuery, options?: CallOptions) =>
        call<Page<MediaFile>>(ADMIN.viewMedia, { params: { id: websiteId }, query, ...options }),
      /** A multipart upload; the type is sniffed from the bytes by the API. */
      upload: (websiteId: string, upload: MediaUpload, options?: CallOptions) =>
        call<MediaFile>(ADMIN.uploadMedia, {
          params: { id: websiteId },
          body: mediaForm(upload),
          ...options,
        }),
      update: (websiteId: string, mediaId: string, change: MediaChange, options?: CallOptions) =>
        call<MediaFile>(ADMIN.updateMedia, {
          params: { id: websiteId, mediaId },
          json: change,
          ...options,
        }),
      /** 409 while a document names the file, unless `force`. */
      delete: (
        websiteId: string,
        mediaId: string,
        query?: { force?: boolean },
        options?: CallOptions,
      ) =>
        call<undefined>(ADMIN.deleteMedia, {
          params: { id: websiteId, mediaId },
          query,
          ...options,
        }),
    },
    purges: {
      get: (websiteId: string, options?: CallOptions) =>
        call<PurgeProgress>(ADMIN.getPurge, { params: { websiteId }, ...options }),
    },
    /** The people of the installation (docs/people.md). */
    people: {
      list: (options?: CallOptions) => call<DocsList<Person>>(ADMIN.listPeople, options),
      create: (input: PersonInput, options?: CallOptions) =>
        call<Person>(ADMIN.createPerson, { json: input, ...options }),
      get: (personId: string, options?: CallOptions) =>
        call<Person>(ADMIN.getPerson, { params: { personId }, ...options }),
      /** `disabled: true` ends the person's sessions on every gateway at once. */
      update: (personId: string, change: PersonChange, options?: CallOptions) =>
        call<Person>(ADMIN.updatePerson, { params: { personId }, json: change, ...options }),
      remove: (personId: string, options?: CallOptions) =>
        call<undefined>(ADMIN.removePerson, { params: { personId }, ...options }),
      /** A one-time link that sets a new password (shown once; no mail server needed). */
      passwordReset: (personId: string, options?: CallOptions) =>
        call<OneTimeLink>(ADMIN.createPasswordReset, { params: { personId }, ...options }),
      /** While no operator exists: a one-time link that creates the first (409 after). */
      firstOperatorLink: (options?: CallOptions) =>
        call<OneTimeLink>(ADMIN.createFirstOperatorLink, options),
    },
    /** The audit log's chains: a website's, or the platform's (docs/audit.md). */
    audit: {
      list: (query: ChainAuditQuery = {}, options?: CallOptions) =>
        call<Page<AuditEntry>>(ADMIN.viewAudit, { query, ...options }),
      head: (chain?: string, options?: CallOptions) =>
        call<AuditHead>(ADMIN.getAuditHead, { query: chain ? { chain } : {}, ...options }),
    },
    invitations: {
      list: (options?: CallOptions) => call<DocsList<Invitation>>(ADMIN.listInvitations, options),
      /** The answer's `link` is shown only now. */
      create: (input: InvitationInput, options?: CallOptions) =>
        call<Invitation>(ADMIN.createInvitation, { json: input, ...options }),
      revoke: (invitationId: string, options?: CallOptions) =>
        call<undefined>(ADMIN.revokeInvitation, { params: { invitationId }, ...options }),
    },
  }
}

export type CmsAdminClient = ReturnType<typeof createCmsAdminClient>
