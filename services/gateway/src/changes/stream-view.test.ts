import { describe, expect, it } from 'vitest'
import type { ChangeEntry } from './change-entry.ts'
import { streamEventOf } from './stream-view.ts'
import type { StreamView } from './stream-view.ts'

const entry = (change: Partial<ChangeEntry>): ChangeEntry => ({
  seq: 7,
  documentId: 'd1',
  type: 'article',
  event: 'entry.update',
  ...change,
})
const PUBLISHED: StreamView = { drafts: false, readable: '*' }
const DRAFTS: StreamView = { drafts: true, readable: '*' }

describe('what a stream sees of a change', () => {
  it('when the type is not readable or not asked for, or the event not asked for, then nothing', () => {
    expect(streamEventOf(entry({}), { ...DRAFTS, readable: ['page'] })).toBeUndefined()
    expect(streamEventOf(entry({}), { ...DRAFTS, type: 'page' })).toBeUndefined()
    const events = new Set(['entry.publish'] as const)
    expect(streamEventOf(entry({}), { ...DRAFTS, events })).toBeUndefined()
    expect(streamEventOf(entry({ event: 'entry.publish' }), { ...DRAFTS, events })).toEqual({
      seq: 7,
      documentId: 'd1',
      type: 'article',
      event: 'entry.publish',
    })
  })

  it('when the view is the published one, then changes of unpublished documents are absent and an unpublish or delete is a deletion', () => {
    expect(streamEventOf(entry({ event: 'entry.create', published: false }), PUBLISHED)).toBe(
      undefined,
    )
    expect(streamEventOf(entry({ published: true }), PUBLISHED)).toEqual({
      seq: 7,
      documentId: 'd1',
      type: 'article',
      event: 'entry.update',
    })
    expect(
      streamEventOf(entry({ event: 'entry.unpublish', published: false }), PUBLISHED)?.deleted,
    ).toBe(true)
    expect(
      streamEventOf(entry({ event: 'entry.delete', published: true }), PUBLISHED)?.deleted,
    ).toBe(true)
    expect(streamEventOf(entry({ event: 'entry.delete', published: false }), PUBLISHED)).toBe(
      undefined,
    )
  })

  it('when only a pending draft of a published document was saved or discarded, then the published view sees nothing and the draft view an update', () => {
    const draftSave = entry({ published: true, draft: true })
    expect(streamEventOf(draftSave, PUBLISHED)).toBeUndefined()
    expect(streamEventOf(draftSave, DRAFTS)?.event).toBe('entry.update')
  })

  it('when the view is the draft one, then every change is there and a delete is a deletion', () => {
    expect(streamEventOf(entry({ event: 'entry.create', published: false }), DRAFTS)?.event).toBe(
      'entry.create',
    )
    expect(streamEventOf(entry({ event: 'entry.delete' }), DRAFTS)?.deleted).toBe(true)
    expect(streamEventOf(entry({ deleted: true }), DRAFTS)?.deleted).toBe(true)
  })
})
