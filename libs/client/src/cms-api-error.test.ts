import { HTTP_STATUS_BY_CODE } from '@cms/errors'
import { describe, expect, it } from 'vitest'
import { ERROR_CODES } from './cms-api-error.ts'

describe("the client's error codes", () => {
  it('when compared with the codes the services map to statuses, then the client names every one', () => {
    expect([...ERROR_CODES].sort()).toEqual(Object.keys(HTTP_STATUS_BY_CODE).sort())
    expect(ERROR_CODES).toContain('RANGE_NOT_SATISFIABLE')
  })
})
