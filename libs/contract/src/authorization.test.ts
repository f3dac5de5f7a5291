import { describe, expect, it } from 'vitest'
import { asksForDrafts, authorize } from './authorization.ts'
import { PUBLIC_OPERATIONS } from './public-operations.ts'

const query = (text: string) => new URLSearchParams(text)

describe('draft access', () => {
  it('when draft is asked for in any spelling but false, then admin is required', () => {
    for (const text of [
      'draft=true',
      'draft=1',
      'draft=',
      'draft[0]=true',
      'type=a&draft=TRUE',
      'draft=false&draft=true',
    ]) {
      expect(asksForDrafts(query(text))).toBe(true)
      expect(authorize(PUBLIC_OPERATIONS.listDocuments, 'read', query(text))).toEqual({
        allowed: false,
        reason: 'Draft access needs a key with admin scope',
      })
      expect(authorize(PUBLIC_OPERATIONS.listDocuments, 'admin', query(text))).toEqual({
        allowed: true,
        draftAccess: true,
      })
    }
  })

  it('when draft is absent or false, then the route scope stands', () => {
    for (const text of ['', 'draft=false', 'drafts=true', 'type=draft']) {
      expect(authorize(PUBLIC_OPERATIONS.getDocument, 'read', query(text))).toEqual({
        allowed: true,
        draftAccess: false,
      })
    }
  })
})

describe('operation access', () => {
  it('when a read key calls each admin operation, then it is refused; each read operation is allowed', () => {
    for (const operation of Object.values(PUBLIC_OPERATIONS)) {
      const decision = authorize(operation, 'read', query(''))
      expect(decision.allowed).toBe(operation.access === 'read')
      expect(authorize(operation, 'admin', query('')).allowed).toBe(true)
    }
  })
})
