import { describe, expect, it } from 'vitest'
import { CmsApiError } from '@cms/client'
import { entryProblems } from './entry-problems.ts'

describe('entryProblems', () => {
  it('when a 422 names entries, then each problem is filed under its entry without the prefix', () => {
    const error = new CmsApiError({
      status: 422,
      code: 'VALIDATION_FAILED',
      message: 'The release cannot be published',
      details: [
        { path: 'entries[3].data.title', message: 'is required' },
        { path: 'entries[3].data.summary', message: 'is too long' },
        { path: 'entries[0]', message: 'No document x' },
        { path: 'name', message: 'is required' },
      ],
    })
    const problems = entryProblems(error)
    expect(problems.byEntry.get(3)).toEqual([
      { path: 'data.title', message: 'is required' },
      { path: 'data.summary', message: 'is too long' },
    ])
    expect(problems.byEntry.get(0)).toEqual([{ path: '', message: 'No document x' }])
    expect(problems.rest).toEqual([{ path: 'name', message: 'is required' }])
  })

  it('when the failure is not a 422, then no entry has a problem', () => {
    const problems = entryProblems(new Error('offline'))
    expect(problems.byEntry.size).toBe(0)
    expect(problems.rest).toEqual([])
  })
})
