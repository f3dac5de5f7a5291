import { useState } from 'preact/hooks'

/** A chosen document as the bulk bar and "add to release" need it. */
export interface SelectedDocument {
  id: string
  type: string
  title: string
}

export interface DocumentSelection {
  chosen: ReadonlyMap<string, SelectedDocument>
  has: (id: string) => boolean
  toggle: (document: SelectedDocument, on: boolean) => void
  /** Chooses or leaves all of them (a page's checkbox). */
  setAll: (documents: readonly SelectedDocument[], on: boolean) => void
  clear: () => void
}

/** The list's checked documents, kept across its pages until cleared. */
export function useDocumentSelection(): DocumentSelection {
  const [chosen, setChosen] = useState<ReadonlyMap<string, SelectedDocument>>(new Map())
  const setAll = (documents: readonly SelectedDocument[], on: boolean) =>
    setChosen((previous) => {
      const next = new Map(previous)
      for (const document of documents) {
        if (on) next.set(document.id, document)
        else next.delete(document.id)
      }
      return next
    })
  return {
    chosen,
    has: (id) => chosen.has(id),
    toggle: (document, on) => setAll([document], on),
    setAll,
    clear: () => setChosen(new Map()),
  }
}
