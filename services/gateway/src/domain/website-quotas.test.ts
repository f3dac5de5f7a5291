import { describe, expect, it } from 'vitest'
import { ValidationError } from '@cms/errors'
import { applyQuotaChange, effectiveQuotas, parseQuotaChange } from './website-quotas.ts'

describe('website quota overrides', () => {
  it('when a change sets and clears quotas, then the override keeps the rest', () => {
    const change = parseQuotaChange({ webhooks: 5, contentTypes: null })
    expect(change).toEqual({ webhooks: 5, contentTypes: null })
    const next = applyQuotaChange({ contentTypes: 3, fieldsPerType: 10 }, change)
    expect(next).toEqual({ webhooks: 5, fieldsPerType: 10 })
    expect(effectiveQuotas(next)).toMatchObject({
      webhooks: 5,
      contentTypes: 100,
      fieldsPerType: 10,
    })
  })

  it('when a value is not an integer within its ceiling or the member is unknown, then 422 lists each', () => {
    try {
      parseQuotaChange({ webhooks: 'many', optionsPerField: 501, pages: 1 })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError)
      expect((error as ValidationError).details!.map((detail) => detail.path).sort()).toEqual([
        'optionsPerField',
        'pages',
        'webhooks',
      ])
    }
  })
})
