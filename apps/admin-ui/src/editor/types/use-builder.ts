import { useState } from 'preact/hooks'
import { problemsByPlace } from './type-draft.ts'
import type { TypeDraft } from './type-draft.ts'

/**
 * The state of a type's or component's builder: the draft, the save under way and the API's
 * problems by the input they name (`name`, `fields.3.target`, …).
 */
export function useBuilder(initial: () => TypeDraft) {
  const [draft, setDraft] = useState<TypeDraft>(initial)
  const [error, setError] = useState<unknown>()
  const [busy, setBusy] = useState(false)
  const [saved, setSaved] = useState(false)
  const { at, other } = problemsByPlace(error)
  return {
    draft,
    error,
    busy,
    saved,
    /** Problems the form shows at an input; `other` those it shows above. */
    placed: at.size > 0,
    other,
    problems: (place: string) => at.get(place) ?? [],
    change: (patch: Partial<TypeDraft>) => {
      setSaved(false)
      setDraft((previous) => ({ ...previous, ...patch }))
    },
    /** Runs a save; `work` answers whether the page stays (then it says "Saved"). */
    save: async (work: () => Promise<boolean>) => {
      setBusy(true)
      setError(undefined)
      try {
        setSaved(await work())
      } catch (failure) {
        setError(failure)
      } finally {
        setBusy(false)
      }
    },
  }
}

export type Builder = ReturnType<typeof useBuilder>
