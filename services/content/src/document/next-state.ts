import type { DocumentState, StoredDocument } from './document.ts'

/** The next state of `current`: one version further, stamped `now`. */
export function nextState(
  current: StoredDocument,
  now: Date,
  changes: Partial<DocumentState>,
): DocumentState {
  const { _id: _ignored, schedule: _kept, ...state } = current
  return { ...state, ...changes, version: current.version + 1, updatedAt: now }
}
