import type { DocumentState } from '../src/document/document.ts'

const at = new Date('2026-01-01T00:00:00Z')

/** A draft post's state for the write protocol's unit tests. */
export function draftState(
  overrides: Partial<Pick<DocumentState, 'websiteId' | 'slug' | 'version' | 'data'>> = {},
): DocumentState {
  return {
    websiteId: 'w1',
    type: 'post',
    slug: 'post',
    status: 'draft',
    authorId: 'k1',
    publishedAt: null,
    createdAt: at,
    updatedAt: at,
    version: 1,
    data: {},
    ...overrides,
  }
}
