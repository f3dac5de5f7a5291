import { Ajv } from 'ajv'
import type { ErrorObject, ValidateFunction } from 'ajv'
import { ValidationError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import { ENTRY_EVENTS } from '@cms/events'
import type { EntryEventName } from '@cms/events'
import { STANDARD_SECRET_PREFIX, isValidStandardSecret } from './signature.ts'

/** The members a client may send; PATCH replaces each one it sends. */
export interface WebhookInput {
  name?: string
  url?: string
  secret?: string | null
  events?: EntryEventName[]
  contentTypes?: string[] | null
}

const CONTENT_TYPE_NAME = '^[a-z][a-z0-9_-]{0,63}$'

const properties = {
  name: { type: 'string', minLength: 1, maxLength: 200 },
  url: { type: 'string', minLength: 1, maxLength: 2048 },
  secret: { type: ['string', 'null'], minLength: 1, maxLength: 256 },
  // `type: 'string'` on the items keeps ajv's uniqueItems on its scalar path: without it, items
  // are compared with a deep equal that calls an object's own `toString`, so
  // `[{}, {"toString": false}]` threw a TypeError (500) instead of a 422.
  events: {
    type: 'array',
    items: { type: 'string', enum: ENTRY_EVENTS },
    minItems: 1,
    uniqueItems: true,
  },
  contentTypes: {
    type: ['array', 'null'],
    items: { type: 'string', pattern: CONTENT_TYPE_NAME },
    minItems: 1,
    maxItems: 100,
    uniqueItems: true,
  },
} as const

const ajv = new Ajv({ allErrors: true, strict: true })
const validateCreate: ValidateFunction = ajv.compile({
  type: 'object',
  additionalProperties: false,
  required: ['url'],
  properties,
})
const validatePatch: ValidateFunction = ajv.compile({
  type: 'object',
  additionalProperties: false,
  properties,
})

const MESSAGES: Record<string, string> = {
  enum: `must be one of ${ENTRY_EVENTS.join(', ')}`,
  pattern: 'must be a content type name (lower-case letters, digits, - and _)',
  uniqueItems: 'must not repeat an item',
}

/** `/events/2` -> `events.2`; unknown and missing members name the member itself. */
function detailOf(error: ErrorObject): ErrorDetail {
  const base = error.instancePath.replace(/^\//, '').replaceAll('/', '.')
  if (error.keyword === 'additionalProperties') {
    const member = String(error.params.additionalProperty)
    return { path: base ? `${base}.${member}` : member, message: 'is not a webhook member' }
  }
  if (error.keyword === 'required') {
    return { path: String(error.params.missingProperty), message: 'is required' }
  }
  return { path: base, message: MESSAGES[error.keyword] ?? error.message ?? 'is invalid' }
}

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

function parse(body: unknown, validate: ValidateFunction): WebhookInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw ValidationError.single('', 'The request body must be a JSON object')
  }
  const details: ErrorDetail[] = validate(body) ? [] : (validate.errors ?? []).map(detailOf)
  const input = body as WebhookInput
  const urlProblem = typeof input.url === 'string' ? checkUrl(input.url) : undefined
  const secretProblem = checkSecret(input.secret)
  for (const problem of [urlProblem, secretProblem]) if (problem) details.push(problem)
  if (details.length > 0) throw new ValidationError('The webhook is invalid', details)
  return input
}

export const parseCreateInput = (body: unknown): WebhookInput => parse(body, validateCreate)
export const parsePatchInput = (body: unknown): WebhookInput => parse(body, validatePatch)
