import { createHmac } from 'node:crypto'

/** Standard Webhooks' marker for a base64-encoded secret (its libraries strip it and decode the rest). */
export const STANDARD_SECRET_PREFIX = 'whsec_'

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

export function isValidStandardSecret(secret: string): boolean {
  const encoded = secret.slice(STANDARD_SECRET_PREFIX.length)
  return encoded.length > 0 && BASE64.test(encoded)
}

/**
 * The key of the Standard Webhooks signature: a `whsec_` secret is base64 as that standard
 * defines it; any other secret is used as its UTF-8 bytes (receivers pass it in raw format).
 */
export function standardKey(secret: string): Buffer {
  if (secret.startsWith(STANDARD_SECRET_PREFIX) && isValidStandardSecret(secret)) {
    return Buffer.from(secret.slice(STANDARD_SECRET_PREFIX.length), 'base64')
  }
  return Buffer.from(secret, 'utf8')
}

/** `X-Webhook-Signature`: hex HMAC-SHA256 of the exact body bytes, keyed by the secret as written. */
export function bodySignature(secret: string, body: string): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(body, 'utf8').digest('hex')
}

/** `webhook-signature`: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`. */
export function standardSignature(
  secret: string,
  id: string,
  timestampSeconds: number,
  body: string,
): string {
  const digest = createHmac('sha256', standardKey(secret)).update(
    `${id}.${timestampSeconds}.${body}`,
    'utf8',
  )
  return `v1,${digest.digest('base64')}`
}

export interface SignedHeadersInput {
  event: string
  deliveryId: string
  timestampSeconds: number
  body: string
  secret: string | null
  userAgent: string
}

/** Every header of one delivery attempt; the signatures only when the webhook has a secret. */
export function deliveryHeaders(input: SignedHeadersInput): Record<string, string> {
  const timestamp = String(input.timestampSeconds)
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': input.userAgent,
    'x-webhook-event': input.event,
    'x-webhook-id': input.deliveryId,
    'x-webhook-timestamp': timestamp,
  }
  if (input.secret === null) return headers
  return {
    ...headers,
    'x-webhook-signature': bodySignature(input.secret, input.body),
    'webhook-id': input.deliveryId,
    'webhook-timestamp': timestamp,
    'webhook-signature': standardSignature(
      input.secret,
      input.deliveryId,
      input.timestampSeconds,
      input.body,
    ),
  }
}
