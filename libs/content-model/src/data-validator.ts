import { createHash } from 'node:crypto'
import { Ajv } from 'ajv'
import type { AnySchemaObject, ValidateFunction } from 'ajv'
import type { DataValidateFunction } from 'ajv/dist/types/index.js'
import addFormats from 'ajv-formats'
import { LRUCache } from 'lru-cache'
import { ValidationError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import type { ContentType, FieldType } from './content-type.ts'
import { dataErrorDetails } from './data-errors.ts'
import { dataSchemaFor, NOT_EMPTY_KEYWORD, STORABLE_KEYWORD, VALUE_FORMATS } from './data-schema.ts'
import { isEmptyValue } from './empty-value.ts'
import { linearRegExp } from './linear-pattern.ts'
import { storageProblem } from './storable-value.ts'
import { isHttpUrl, isIsoDate, isIsoDateTime } from './value-formats.ts'

/** What the content service needs of a content type to validate `data` (fields resolved). */
export type DataValidatorSource = Pick<ContentType, 'name' | 'fields'>

export interface DataValidator {
  /** Every problem with `data` as `{path: 'data.<field>', message}`; empty when valid. */
  validate(data: unknown): ErrorDetail[]
  /** Throws one ValidationError (422) listing every problem. */
  assertValid(data: unknown): void
}

export const DATA_VALIDATOR_CACHE_SIZE = 1000

function createAjv(): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    strict: true,
    strictNumbers: true,
    ownProperties: true,
    discriminator: true,
    code: { regExp: linearRegExp },
  })
  addFormats.default(ajv, [VALUE_FORMATS.email])
  ajv.addFormat(VALUE_FORMATS.date, { type: 'string', validate: isIsoDate })
  ajv.addFormat(VALUE_FORMATS.datetime, { type: 'string', validate: isIsoDateTime })
  ajv.addFormat(VALUE_FORMATS.url, { type: 'string', validate: isHttpUrl })
  ajv.addKeyword({
    keyword: NOT_EMPTY_KEYWORD,
    schemaType: 'string',
    errors: true,
    validate: (type: FieldType, value: unknown) => !isEmptyValue(value, type),
  })
  const storable: DataValidateFunction = (_: boolean, value: unknown) => {
    const problem = storageProblem(value)
    storable.errors = problem
      ? [{ keyword: STORABLE_KEYWORD, message: problem, params: {} }]
      : undefined
    return problem === undefined
  }
  ajv.addKeyword({
    keyword: STORABLE_KEYWORD,
    schemaType: 'boolean',
    errors: true,
    validate: storable,
  })
  return ajv
}

const ajv = createAjv()

interface CacheEntry {
  schema: AnySchemaObject
  validator: DataValidator
}

// Compiled schemas stay in ajv's own cache until removed, so eviction removes them there too.
const cache = new LRUCache<string, CacheEntry>({
  max: DATA_VALIDATOR_CACHE_SIZE,
  dispose: (entry) => ajv.removeSchema(entry.schema),
})
const keyOfObject = new WeakMap<object, string>()

/**
 * Keyed by what the validator is built from (name and fields), so a new version of a type,
 * or a type deleted and created again under its name, can never meet a stale validator.
 */
function cacheKey(contentType: DataValidatorSource): string {
  const known = keyOfObject.get(contentType)
  if (known) return known
  const key = createHash('sha256')
    .update(JSON.stringify([contentType.name, contentType.fields]))
    .digest('base64url')
  keyOfObject.set(contentType, key)
  return key
}

function compile(contentType: DataValidatorSource): CacheEntry {
  const schema = dataSchemaFor(contentType)
  const check: ValidateFunction = ajv.compile(schema)
  const source = {
    name: contentType.name,
    fields: structuredClone(contentType.fields),
  }
  const validate = (data: unknown): ErrorDetail[] =>
    check(data) ? [] : dataErrorDetails(check.errors ?? [], source, data)
  return {
    schema,
    validator: {
      validate,
      assertValid(data) {
        const details = validate(data)
        if (details.length > 0) {
          throw new ValidationError(
            `The document data does not match content type ${source.name}`,
            details,
          )
        }
      },
    },
  }
}

/** The one compiled validator of document `data` for `contentType` (cached, LRU-bounded). */
export function dataValidatorFor(contentType: DataValidatorSource): DataValidator {
  const key = cacheKey(contentType)
  let entry = cache.get(key)
  if (!entry) {
    entry = compile(contentType)
    cache.set(key, entry)
  }
  return entry.validator
}

/** Shorthand for `dataValidatorFor(contentType).assertValid(data)`. */
export function assertValidData(contentType: DataValidatorSource, data: unknown): void {
  dataValidatorFor(contentType).assertValid(data)
}
