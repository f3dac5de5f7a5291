import { PUBLIC_IO, WebhookCreateBody, WebhookPatchBody } from '@cms/contract'
import { bodyProblems } from '@cms/contract/validation'
import type { TSchema } from '@sinclair/typebox'
import { ValidationError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import { STANDARD_SECRET_PREFIX, isValidStandardSecret } from './signature.ts'

/** The members a client may send; PATCH replaces each one it sends. */
export type WebhookInput = WebhookPatchBody

function checkUrl(url: string): ErrorDetail | undefined {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return { path: 'url', message: 'must be an absolute http or https URL' }
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return { path: 'url', message: 'must use http or https' }
  }
  if (!parsed.hostname) return { path: 'url', message: 'must name a host' }
  return undefined
}

function checkSecret(secret: string | null | undefined): ErrorDetail | undefined {
  if (typeof secret !== 'string' || !secret.startsWith(STANDARD_SECRET_PREFIX)) return undefined
  if (isValidStandardSecret(secret)) return undefined
  return {
    path: 'secret',
    message: `a ${STANDARD_SECRET_PREFIX} secret must be base64 after the prefix`,
  }
}

/**
 * What the schema cannot say of a webhook body: a URL that parses, a whsec_ secret's base64.
 * Listed after the schema's problems, in the same 422 (the create route's body check).
 */
export function webhookRuleProblems(body: unknown): ErrorDetail[] {
  const input = (typeof body === 'object' && body !== null ? body : {}) as WebhookInput
  const urlProblem = typeof input.url === 'string' ? checkUrl(input.url) : undefined
  const secretProblem = checkSecret(input.secret)
  return [urlProblem, secretProblem].filter((problem) => problem !== undefined)
}

/** The message of a refused webhook body (the contract's `invalid` of its operations). */
export const INVALID_WEBHOOK = PUBLIC_IO.createWebhook.input.invalid

/** The schema's problems, then the webhook's rules (an import's records, a PATCH's body). */
function parse(body: unknown, schema: TSchema): WebhookInput {
  const details = [...bodyProblems(schema, body), ...webhookRuleProblems(body)]
  if (details.length > 0) throw new ValidationError(INVALID_WEBHOOK, details)
  return body as WebhookInput
}

export const parseCreateInput = (body: unknown): WebhookInput => parse(body, WebhookCreateBody)
export const parsePatchInput = (body: unknown): WebhookInput => parse(body, WebhookPatchBody)
