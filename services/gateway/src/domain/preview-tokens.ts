import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'
import { intersectTypes, typesOf } from '@cms/contract'
import type { Permissions, TypeList } from '@cms/contract'
import type { PreviewTokenBody } from '@cms/contract'

const TOKEN_PREFIX = 'cmsp_'
const SIGNATURE_LENGTH = 43
export const DEFAULT_PREVIEW_SECONDS = 600

/** What a preview token carries: whose it is, what it may read, until when. */
export interface PreviewGrant {
  websiteId: string
  /** The issuing key's hash: the token dies with the key. */
  issuerHash: string
  /** The content types it may read, drafts included. */
  types: TypeList
  /** Only this document, when given. */
  documentId?: string
  expiresAt: Date
}

interface Payload {
  w: string
  h: string
  t: TypeList
  d?: string
  e: number
}

export interface PreviewTokens {
  issue(
    issuer: { websiteId: string; hash: string; permissions: Permissions },
    body: unknown,
  ): {
    token: string
    grant: PreviewGrant
  }
  /** The grant of a well-signed token, expired or not; undefined for anything else. */
  verify(token: string): PreviewGrant | undefined
}

export const looksLikePreviewToken = (value: string): boolean =>
  value.startsWith(TOKEN_PREFIX) && value.length <= 2000 && /^[A-Za-z0-9_-]+$/.test(value)

/** The types whose documents, drafts included, `permissions` may read. */
const previewTypesOf = (permissions: Permissions): TypeList =>
  intersectTypes(typesOf(permissions, 'read'), typesOf(permissions, 'readDrafts'))

/**
 * What a preview token may do, now: read and readDrafts on its types, and never more than its
 * issuing key still may (a role narrowed since narrows its tokens too).
 */
export function previewPermissions(grant: PreviewGrant, issuer: Permissions): Permissions {
  const types = intersectTypes(grant.types, previewTypesOf(issuer))
  return types !== '*' && types.length === 0 ? {} : { read: types, readDrafts: types }
}

/**
 * Short-lived preview tokens (docs/api.md, "Preview links"): HMAC-SHA256 over the grant, with a
 * key derived from the internal credential every gateway instance already shares, so no new
 * secret is configured and any instance verifies what another issued.
 */
export function createPreviewTokens(deps: { secret: string; now: () => Date }): PreviewTokens {
  const key = Buffer.from(hkdfSync('sha256', deps.secret, 'cms', 'preview-tokens', 32))
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url')
  return {
    issue(issuer, input: PreviewTokenBody = {}) {
      const seconds = input.expiresInSeconds ?? DEFAULT_PREVIEW_SECONDS
      const types = previewTypesOf(issuer.permissions)
      const expiresAt = new Date(deps.now().getTime() + seconds * 1000)
      const { documentId } = input
      const payload: Payload = {
        w: issuer.websiteId,
        h: issuer.hash,
        t: types,
        ...(documentId && { d: documentId }),
        e: Math.floor(expiresAt.getTime() / 1000),
      }
      const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url')
      return {
        token: `${TOKEN_PREFIX}${encoded}${sign(encoded)}`,
        grant: {
          websiteId: issuer.websiteId,
          issuerHash: issuer.hash,
          types,
          ...(documentId && { documentId }),
          expiresAt,
        },
      }
    },
    verify(token) {
      if (!looksLikePreviewToken(token)) return undefined
      const body = token.slice(TOKEN_PREFIX.length)
      const encoded = body.slice(0, -SIGNATURE_LENGTH)
      const given = Buffer.from(body.slice(-SIGNATURE_LENGTH))
      const expected = Buffer.from(sign(encoded))
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
      const payload = JSON.parse(Buffer.from(encoded, 'base64url').toString()) as Payload
      return {
        websiteId: payload.w,
        issuerHash: payload.h,
        types: payload.t,
        ...(payload.d && { documentId: payload.d }),
        expiresAt: new Date(payload.e * 1000),
      }
    },
  }
}
