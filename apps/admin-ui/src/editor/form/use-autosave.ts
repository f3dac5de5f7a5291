import { useEffect, useRef, useState } from 'preact/hooks'
import type { CmsDocument, DocumentData } from '@cms/client'
import type { EditorClient } from '../editor-client.ts'
import { NO_PROBLEMS, isStatus, sortProblems } from './field-problems.ts'
import type { SortedProblems } from './field-problems.ts'

export const AUTOSAVE_DELAY_MS = 800

export type SaveStatus = 'saved' | 'unsaved' | 'saving' | 'invalid' | 'failed' | 'conflict'

export interface AutosaveState {
  doc: CmsDocument
  values: DocumentData
  status: SaveStatus
  problems: SortedProblems
  error: unknown
}

/**
 * Edits of one document, saved a moment after the typing stops: a PATCH of the changed fields
 * only (each one is an `entry.update`), with `If-Match` naming the version this tab last saw, so
 * a save over someone else's newer save is refused (412) instead of overwriting it. A published
 * document's edits go to its pending draft (`?draft=true`), so the live site is untouched until
 * it is published. Saves run one at a time; edits made meanwhile go in the next.
 */
export function useAutosave(options: {
  client: EditorClient
  initial: CmsDocument
  locale: string | undefined
}) {
  const { client, locale } = options
  const [state, setState] = useState<AutosaveState>({
    doc: options.initial,
    values: { ...options.initial.data },
    status: 'saved',
    problems: NO_PROBLEMS,
    error: undefined,
  })
  const doc = useRef(options.initial)
  const values = useRef<DocumentData>({ ...options.initial.data })
  const dirty = useRef(new Set<string>())
  const running = useRef<Promise<boolean> | undefined>(undefined)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const stopped = useRef(false)

  const update = (patch: Partial<AutosaveState>) =>
    setState((previous) => ({ ...previous, values: { ...values.current }, ...patch }))

  async function send(): Promise<boolean> {
    if (stopped.current) return false
    const names = [...dirty.current]
    if (names.length === 0) return true
    dirty.current.clear()
    const data = Object.fromEntries(names.map((name) => [name, values.current[name] ?? null]))
    update({ status: 'saving' })
    try {
      const saved = await client.content.update(
        doc.current.id,
        { data },
        { ...(locale ? { locale } : {}), draft: doc.current.status === 'published' },
        { ifMatch: doc.current.version },
      )
      doc.current = saved
      update({
        doc: saved,
        status: dirty.current.size > 0 ? 'unsaved' : 'saved',
        problems: NO_PROBLEMS,
        error: undefined,
      })
      return true
    } catch (error) {
      for (const name of names) dirty.current.add(name)
      if (isStatus(error, 412)) {
        stopped.current = true
        update({ status: 'conflict', error })
      } else if (isStatus(error, 422)) {
        update({ status: 'invalid', problems: sortProblems(error), error })
      } else {
        update({ status: 'failed', error })
      }
      return false
    }
  }

  /** Saves what is pending now; resolves true when nothing is left unsaved. */
  async function flush(): Promise<boolean> {
    clearTimeout(timer.current)
    while (running.current) await running.current
    if (dirty.current.size === 0) return !stopped.current
    running.current = send().finally(() => {
      running.current = undefined
    })
    const ok = await running.current
    return ok && dirty.current.size === 0 ? true : ok && flush()
  }

  function edit(name: string, value: unknown): void {
    if (stopped.current) return
    values.current = { ...values.current, [name]: value }
    dirty.current.add(name)
    update({ status: 'unsaved' })
    clearTimeout(timer.current)
    timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS)
  }

  /** After publish, unpublish, discard or a reload: the server's document is the state again. */
  function replace(next: CmsDocument, options: { keepValues?: boolean } = {}): void {
    doc.current = next
    stopped.current = false
    if (!options.keepValues) {
      values.current = { ...next.data }
      dirty.current.clear()
    }
    update({
      doc: next,
      status: dirty.current.size > 0 ? 'unsaved' : 'saved',
      problems: NO_PROBLEMS,
      error: undefined,
    })
  }

  // Leaving the page saves what is pending; closing the tab with unsaved edits asks first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (dirty.current.size > 0 || running.current) event.preventDefault()
    }
    addEventListener('beforeunload', warn)
    return () => {
      removeEventListener('beforeunload', warn)
      void flush()
    }
  }, [])

  return { state, edit, flush, replace, current: () => doc.current }
}
