import { describe, expect, it } from 'vitest'
import { ValidationError } from '@cms/errors'
import { createPopulateBudget } from './populate-budget.ts'

const refusal = (act: () => void): ValidationError => {
  try {
    act()
  } catch (error) {
    if (error instanceof ValidationError) return error
    throw error
  }
  throw new Error('expected a ValidationError')
}

describe('createPopulateBudget', () => {
  it('when embeds add up to the cap, then they pass; one more is 422 at populate naming the cap', () => {
    const budget = createPopulateBudget({ maxDocuments: 10, maxBytes: 1000 })
    budget.embed(4)
    budget.embed(6)
    const error = refusal(() => budget.embed(1))
    expect(error.code).toBe('VALIDATION_ERROR')
    expect(error.details).toEqual([{ path: 'populate', message: expect.stringContaining('10') }])
    expect(error.details?.[0]?.message).toContain('11 related documents')
  })

  it('when a value is weighed, then its JSON bytes count once per time the answer shows it', () => {
    const value = { id: 'é' } // {"id":"é"} is 11 bytes (é is two)
    const budget = createPopulateBudget({ maxDocuments: 10, maxBytes: 33 })
    budget.weigh(value, 3)
    const error = refusal(() => budget.weigh(value, 1))
    expect(error.details).toEqual([{ path: 'populate', message: expect.stringContaining('33') }])
  })

  it('when a value is shown no time, then it weighs nothing', () => {
    const budget = createPopulateBudget({ maxDocuments: 10, maxBytes: 5 })
    expect(() => budget.weigh({ big: 'x'.repeat(100) }, 0)).not.toThrow()
  })
})
