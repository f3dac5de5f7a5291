import { describe, expect, it } from 'vitest'
import { ALL_DERIVED_MEMBERS } from './base-columns.ts'
import { createFieldCatalog } from './field-catalog.ts'
import { readFields } from './fields-param.ts'
import { CONTENT_TYPES } from './content-types.fixture.ts'

const catalog = createFieldCatalog(CONTENT_TYPES, undefined)

describe('fields and the computed members', () => {
  it('when no fields are asked, then every computed member is shown and nothing is projected', () => {
    expect(readFields(undefined, catalog)).toEqual({
      projection: undefined,
      derived: ALL_DERIVED_MEMBERS,
      issues: [],
    })
  })

  it('when fields names a computed member, then it alone is shown and its stored path is read', () => {
    const read = readFields('status,hasPendingDraft', catalog)
    expect(read.issues).toEqual([])
    expect([...read.derived]).toEqual(['hasPendingDraft'])
    expect(read.projection).toEqual({ _id: 1, status: 1, 'pendingDraft.updatedAt': 1 })
  })

  it('when fields names no computed member, then none is shown', () => {
    expect([...readFields('type,status', catalog).derived]).toEqual([])
  })

  it('when fields excludes a computed member, then the others are shown and the read is not narrowed for it', () => {
    const read = readFields('-scheduledPublishAt,-slug', catalog)
    expect([...read.derived].sort()).toEqual(['hasPendingDraft', 'scheduledUnpublishAt'])
    expect(read.projection).toEqual({ slug: 0 })
    expect(readFields('-hasPendingDraft', catalog).projection).toBeUndefined()
  })
})
