import { describe, expect, it } from 'vitest'
import { asksForDrafts, authorize } from './authorization.ts'
import { BUILT_IN_ROLES, isWithin, restrictToTypes } from './permissions.ts'
import type { Permissions } from './permissions.ts'
import { PUBLIC_OPERATIONS } from './public-operations.ts'

const request = (text: string, params?: Record<string, string>) => ({
  query: new URLSearchParams(text),
  ...(params && { params }),
})
const { owner, viewer, preview, author, editor } = BUILT_IN_ROLES

describe('draft access', () => {
  it('when draft is asked for in any spelling but false, then readDrafts is required', () => {
    for (const text of [
      'draft=true',
      'draft=1',
      'draft=',
      'draft[0]=true',
      'type=a&draft=TRUE',
      'draft=false&draft=true',
    ]) {
      expect(asksForDrafts(new URLSearchParams(text))).toBe(true)
      expect(authorize(PUBLIC_OPERATIONS.listDocuments, viewer, request(text))).toMatchObject({
        allowed: false,
        missing: 'readDrafts',
      })
      expect(authorize(PUBLIC_OPERATIONS.listDocuments, preview, request(text))).toEqual({
        allowed: true,
        draftAccess: true,
        types: '*',
      })
    }
  })

  it('when draft is absent or false, then the read permission stands', () => {
    for (const text of ['', 'draft=false', 'drafts=true', 'type=draft']) {
      expect(authorize(PUBLIC_OPERATIONS.getDocument, viewer, request(text))).toEqual({
        allowed: true,
        draftAccess: false,
        types: '*',
      })
    }
  })
})

describe('operation permissions', () => {
  it('when each role calls each operation, then exactly the operations of its permissions pass', () => {
    for (const [role, permissions] of Object.entries(BUILT_IN_ROLES)) {
      for (const [id, operation] of Object.entries(PUBLIC_OPERATIONS)) {
        const needed = 'permission' in operation ? operation.permission : undefined
        const decision = authorize(operation, permissions, request(''))
        const expected = needed === undefined || needed in permissions
        expect({ role, id, allowed: decision.allowed }).toEqual({ role, id, allowed: expected })
        if (!decision.allowed) expect(decision.reason).toContain(needed)
      }
    }
  })

  it('when a role grants an action on named types, then a request naming another type is refused', () => {
    const partner: Permissions = { read: ['event'], create: ['event'] }
    const bySlug = PUBLIC_OPERATIONS.getDocumentBySlug
    expect(authorize(bySlug, partner, request('', { type: 'event', slug: 'x' }))).toMatchObject({
      allowed: true,
      types: ['event'],
    })
    expect(authorize(bySlug, partner, request('', { type: 'article', slug: 'x' }))).toEqual({
      allowed: false,
      missing: 'read',
      reason: 'This request needs the read permission on article',
    })
    expect(authorize(PUBLIC_OPERATIONS.listDocuments, partner, request('type=article'))).toEqual(
      expect.objectContaining({ allowed: false, missing: 'read' }),
    )
    expect(authorize(PUBLIC_OPERATIONS.listDocuments, partner, request(''))).toMatchObject({
      allowed: true,
      types: ['event'],
    })
  })

  it('when drafts are read, then the types are those with both read and readDrafts', () => {
    const mixed: Permissions = { read: '*', readDrafts: ['event'] }
    expect(authorize(PUBLIC_OPERATIONS.listDocuments, mixed, request('draft=true'))).toMatchObject({
      allowed: true,
      types: ['event'],
    })
  })
})

describe('grants', () => {
  it('when a key is restricted to types, then its actions narrow and type-wide capabilities go', () => {
    expect(restrictToTypes(editor, ['event'])).toEqual({
      read: ['event'],
      readDrafts: ['event'],
      create: ['event'],
      update: ['event'],
      publish: ['event'],
      delete: ['event'],
      manageMedia: true,
    })
    expect(restrictToTypes({ read: ['a', 'b'], manageKeys: true }, ['b', 'c'])).toEqual({
      read: ['b'],
    })
  })

  it('when permissions are compared, then only what the holder has may be handed on', () => {
    expect(isWithin(viewer, owner)).toBe(true)
    expect(isWithin(author, editor)).toBe(true)
    expect(isWithin(editor, author)).toBe(false)
    expect(isWithin({ read: ['a'] }, { read: ['a', 'b'] })).toBe(true)
    expect(isWithin({ read: '*' }, { read: ['a', 'b'] })).toBe(false)
    expect(isWithin({ manageKeys: true }, editor)).toBe(false)
  })
})
