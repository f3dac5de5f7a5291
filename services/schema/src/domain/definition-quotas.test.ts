import { describe, expect, it } from 'vitest'
import type { ContentTypeDefinition } from '@cms/content-model'
import { DEFAULT_WEBSITE_QUOTAS } from '@cms/http'
import { assertDefinitionWithinQuotas } from './definition-quotas.ts'

const withFields = (count: number): ContentTypeDefinition => ({
  name: 'post',
  label: 'post',
  fields: Array.from({ length: count }, (_, i) => ({
    name: `f${i}`,
    label: `f${i}`,
    type: 'text' as const,
    required: false,
  })),
})
const quotas = { ...DEFAULT_WEBSITE_QUOTAS, fieldsPerType: 3 }

describe('assertDefinitionWithinQuotas', () => {
  it('when a definition is at a quota, then it passes; one past it, then 422 names the quota', () => {
    expect(() => assertDefinitionWithinQuotas(withFields(3), quotas)).not.toThrow()
    expect(() => assertDefinitionWithinQuotas(withFields(4), quotas)).toThrow(
      'at most 3 fields per content type; this definition has 4',
    )
  })

  it('when a type already past a lowered quota is changed without growing, then the change passes', () => {
    expect(() =>
      assertDefinitionWithinQuotas({ ...withFields(5), label: 'Renamed' }, quotas, withFields(5)),
    ).not.toThrow()
    expect(() => assertDefinitionWithinQuotas(withFields(4), quotas, withFields(5))).not.toThrow()
    expect(() => assertDefinitionWithinQuotas(withFields(6), quotas, withFields(5))).toThrow(
      'fields per content type',
    )
  })
})
