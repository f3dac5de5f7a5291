import { describe, expect, it } from 'vitest'
import { ConflictError, ValidationError } from '@cms/errors'
import {
  decodeQuotas,
  DEFAULT_WEBSITE_QUOTAS,
  quotaExceeded,
  quotasFrom,
} from './website-quotas.ts'

describe('website quotas', () => {
  it('when nothing or garbage is given, then every quota is at its default', () => {
    expect(quotasFrom(undefined)).toEqual(DEFAULT_WEBSITE_QUOTAS)
    expect(decodeQuotas('not json')).toEqual(DEFAULT_WEBSITE_QUOTAS)
    expect(quotasFrom({ webhooks: -1, contentTypes: 1.5, fieldsPerType: 201 })).toEqual(
      DEFAULT_WEBSITE_QUOTAS,
    )
  })

  it('when some quotas are given, then those apply and the rest stay at their defaults', () => {
    expect(decodeQuotas('{"webhooks":3,"definitionBytes":0}')).toEqual({
      ...DEFAULT_WEBSITE_QUOTAS,
      webhooks: 3,
      definitionBytes: 0,
    })
  })

  it('when a count quota is exceeded, then 409 CONFLICT names the limit and the usage', () => {
    const error = quotaExceeded('webhooks', 2, 2)
    expect(error).toBeInstanceOf(ConflictError)
    expect(error.message).toBe('Quota exceeded: at most 2 webhooks per website; this website has 2')
    expect(error.details).toEqual([{ path: 'quota.webhooks', message: 'limit 2, usage 2' }])
  })

  it('when a size quota is exceeded, then 422 VALIDATION_ERROR names the limit and the size', () => {
    const error = quotaExceeded('fieldsPerType', 3, 4)
    expect(error).toBeInstanceOf(ValidationError)
    expect(error.message).toContain('at most 3 fields per content type; this definition has 4')
  })
})
