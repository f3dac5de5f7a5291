import { WebhookCreateBody, WebhookPatchBody } from '@cms/contract'
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

/** The schema's problems, then what it cannot say: a URL that parses, a whsec_ secret's base64. */
function parse(body: unknown, schema: TSchema): WebhookInput {
  const details = bodyProblems(schema, body)
  const input = (typeof body === 'object' && body !== null ? body : {}) as WebhookInput
  const urlProblem = typeof input.url === 'string' ? checkUrl(input.url) : undefined
  const secretProblem = checkSecret(input.secret)
  for (const problem of [urlProblem, secretProblem]) if (problem) details.push(problem)
  if (details.length > 0) throw new ValidationError('The webhook is invalid', details)
  return input
}

export const parseCreateInput = (body: unknown): WebhookInput => parse(body, WebhookCreateBody)
export const parsePatchInput = (body: unknown): WebhookInput => parse(body, WebhookPatchBody)
