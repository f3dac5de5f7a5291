import { Ajv } from 'ajv'
import type { ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import type { Static, TSchema } from '@sinclair/typebox'
import { ValidationError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import { MESSAGE_KEYWORD } from '../schemas/message-keyword.ts'
import { detailsOf } from './error-details.ts'

/**
 * One ajv for every request schema: all errors at once, the failing schema kept beside each
 * error (`verbose`) for its messages, and only own members of a body looked at.
 */
function createAjv(): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    verbose: true,
    strict: true,
    strictNumbers: true,
    ownProperties: true,
  })
  addFormats.default(ajv, ['date-time', 'date', 'email', 'uri', 'uuid'])
  ajv.addKeyword({ keyword: MESSAGE_KEYWORD, schemaType: ['string', 'object'] })
  return ajv
}

const ajv = createAjv()
const compiled = new WeakMap<TSchema, ValidateFunction>()

function validatorOf(schema: TSchema): ValidateFunction {
  let validate = compiled.get(schema)
  if (!validate) {
    validate = ajv.compile(schema)
    compiled.set(schema, validate)
  }
  return validate
}

/** Every problem of `body` against `schema` as `{path, message}`; empty when it is valid. */
export function bodyProblems(schema: TSchema, body: unknown): ErrorDetail[] {
  const validate = validatorOf(schema)
  return validate(body) ? [] : detailsOf(validate.errors ?? [], body)
}

/**
 * `body` as the type `schema` describes, or a ValidationError (422) listing every problem.
 * The body is not changed: defaults are the caller's to fill in.
 */
export function validateBody<T extends TSchema>(
  schema: T,
  body: unknown,
  message = 'The request body is invalid',
): Static<T> {
  const problems = bodyProblems(schema, body)
  if (problems.length > 0) throw new ValidationError(message, problems)
  return body as Static<T>
}
