import { AuditEntry, AuditHead } from '../schemas/responses/audit.ts'
import { MediaUpload } from '../schemas/media-upload.ts'
import {
  ContentCreateBody,
  ContentPatchBody,
  MediaPatchBody,
  ScheduleCreateBody,
} from '../schemas/requests/content.ts'
import { ComponentCreateBody, ComponentPatchBody } from '../schemas/requests/components.ts'
import { ContentTypeCreateBody, ContentTypePatchBody } from '../schemas/requests/content-types.ts'
import { LocaleListBody } from '../schemas/requests/locales.ts'
import { WebhookCreateBody, WebhookPatchBody } from '../schemas/requests/webhooks.ts'
import { ErrorBody } from '../schemas/responses/common.ts'
import { Component } from '../schemas/responses/components.ts'
import { ContentType, Locales } from '../schemas/responses/content-types.ts'
import { Document, DocumentProjection, Schedule, Version } from '../schemas/responses/documents.ts'
import { Media } from '../schemas/responses/media.ts'
import { Delivery, DeliveryDetail, Webhook } from '../schemas/responses/webhooks.ts'
import { Release } from '../schemas/responses/releases.ts'
import { BulkJob, BulkRequestBody } from '../schemas/bulk.ts'
import { ref } from './operation.ts'

/**
 * The public document's named schemas that do not depend on a website; an operation's body
 * that is one of them is a `$ref` (its answers name them with `Ref` in the contract).
 */
export const PUBLIC_COMPONENTS: Readonly<Record<string, object>> = {
  Error: ErrorBody,
  Document,
  DocumentProjection,
  ListedDocument: {
    description: 'A document in a list: whole, or with `fields` applied',
    anyOf: [ref('Document'), ref('DocumentProjection')],
  },
  Version,
  Schedule,
  Media,
  ContentType,
  Component,
  Locales,
  Webhook,
  Delivery,
  DeliveryDetail,
  ContentCreateBody,
  ContentPatchBody,
  ScheduleCreateBody,
  MediaPatchBody,
  MediaUpload,
  ContentTypeCreateBody,
  ContentTypePatchBody,
  ComponentCreateBody,
  ComponentPatchBody,
  LocaleListBody,
  WebhookCreateBody,
  WebhookPatchBody,
  AuditEntry,
  AuditHead,
  BulkRequestBody,
  BulkJob,
  Release,
}
