import { useState } from 'preact/hooks'
import { ErrorMessage } from '../../ui/error-message.tsx'
import { editorHref } from '../editor-route.ts'
import { typeNamed } from '../editor-site.ts'
import type { EditorSite } from '../editor-site.ts'
import { DeleteType } from './delete-type.tsx'
import { FieldEditor } from './field-editor.tsx'
import {
  EMPTY_TYPE,
  TEXT_TYPES,
  draftOf,
  inputOf,
  newField,
  problemsByPlace,
} from './type-draft.ts'
import type { FieldDraft, TypeDraft } from './type-draft.ts'

const sentence = (error: unknown): string =>
  error instanceof Error ? error.message.replace(/\.$/, '') : String(error)

/**
 * Creates a type (`POST /api/content-types`) or edits one (`PATCH`, which replaces `fields` as a
 * whole). The API judges everything; its 422 details are shown at the inputs they name.
 */
export function TypeBuilder({ site, name }: { site: EditorSite; name: string }) {
  const existing = name ? typeNamed(site, name) : undefined
  const [draft, setDraft] = useState<TypeDraft>(() =>
    existing ? draftOf(existing) : { ...EMPTY_TYPE, fields: [newField()] },
  )
  const [error, setError] = useState<unknown>()
  const [busy, setBusy] = useState(false)
  const [saved, setSaved] = useState(false)
  if (name && !existing) return <ErrorMessage error={`There is no content type named ${name}.`} />
  const { at, other } = problemsByPlace(error)
  const problems = (place: string) => at.get(place) ?? []
  const change = (patch: Partial<TypeDraft>) => {
    setSaved(false)
    setDraft((previous) => ({ ...previous, ...patch }))
  }
  const changeField = (index: number, patch: Partial<FieldDraft>) =>
    change({
      fields: draft.fields.map((field, i) => (i === index ? { ...field, ...patch } : field)),
    })
  const move = (index: number, by: -1 | 1) => {
    const fields = [...draft.fields]
    const [moved] = fields.splice(index, 1)
    if (moved) fields.splice(index + by, 0, moved)
    change({ fields })
  }
  const textFields = draft.fields.filter((field) => TEXT_TYPES.includes(field.type) && field.name)
  const submit = async (event: Event) => {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    try {
      const input = inputOf(draft)
      if (existing) {
        const { name: _name, ...changes } = input
        await site.client.contentTypes.update(existing.name, changes)
        setSaved(true)
      } else {
        await site.client.contentTypes.create(input)
        location.hash = editorHref({ view: 'type', name: input.name })
      }
      site.reload()
    } catch (failure) {
      setError(failure)
    } finally {
      setBusy(false)
    }
  }
  const topInput = (part: 'name' | 'label' | 'description', label: string, hint?: string) => (
    <div>
      <label for={`type-${part}`}>{label}</label>
      <input
        id={`type-${part}`}
        type="text"
        value={draft[part]}
        disabled={part === 'name' && Boolean(existing)}
        aria-invalid={problems(part).length > 0 || undefined}
        aria-describedby={
          [hint ? `type-${part}-hint` : '', problems(part).length ? `type-${part}-problem` : '']
            .filter(Boolean)
            .join(' ') || undefined
        }
        onInput={(event) => change({ [part]: event.currentTarget.value })}
      />
      {hint && (
        <p class="hint" id={`type-${part}-hint`}>
          {hint}
        </p>
      )}
      {problems(part).length > 0 && (
        <p class="field-problem" id={`type-${part}-problem`}>
          {problems(part).join(' ')}
        </p>
      )}
    </div>
  )
  const fieldSelect = (part: 'titleField' | 'slugField', label: string) => (
    <div>
      <label for={`type-${part}`}>{label}</label>
      <select
        id={`type-${part}`}
        value={draft[part]}
        aria-invalid={problems(part).length > 0 || undefined}
        onChange={(event) => change({ [part]: event.currentTarget.value })}
      >
        <option value="">—</option>
        {textFields.map((field) => (
          <option key={field.key} value={field.name}>
            {field.name}
          </option>
        ))}
      </select>
      {problems(part).length > 0 && <p class="field-problem">{problems(part).join(' ')}</p>}
    </div>
  )
  return (
    <div class="stack-large">
      <p>
        <a href={editorHref({ view: 'types' })}>← All content types</a>
      </p>
      <h1>{existing ? `Content type ${existing.label}` : 'New content type'}</h1>
      {error !== undefined && (
        <div role="alert">
          <ErrorMessage
            error={
              at.size > 0
                ? `The type was not saved (${sentence(error)}). The problems are marked below.`
                : error
            }
          />
          {other.length > 0 && <ErrorMessage error={other.join(' ')} />}
        </div>
      )}
      {saved && (
        <p class="message message-info" role="status">
          Saved. The next write of each document is checked against the new fields.
        </p>
      )}
      <form class="fields type-builder" aria-label="Content type" noValidate onSubmit={submit}>
        <div class="form-grid">
          {topInput('name', 'Name', 'Lower case letters, digits, - and _; it cannot change later.')}
          {topInput('label', 'Label')}
          {topInput('description', 'Description')}
          {fieldSelect('titleField', 'Title field')}
          {fieldSelect('slugField', 'Slug field')}
        </div>
        <div class="check">
          <input
            id="type-localized"
            type="checkbox"
            checked={draft.localized}
            onChange={(event) => change({ localized: event.currentTarget.checked })}
          />
          <label for="type-localized">Localized (values per locale)</label>
        </div>
        <h2>Fields</h2>
        {draft.fields.map((field, index) => (
          <FieldEditor
            key={field.key}
            site={site}
            index={index}
            count={draft.fields.length}
            field={field}
            typeName={draft.name.trim()}
            localizedType={draft.localized}
            problems={problems}
            onChange={(patch) => changeField(index, patch)}
            onMove={(by) => move(index, by)}
            onRemove={() => change({ fields: draft.fields.filter((_, i) => i !== index) })}
          />
        ))}
        <div class="actions">
          <button
            type="button"
            class="button"
            onClick={() => change({ fields: [...draft.fields, newField()] })}
          >
            Add field
          </button>
          <button type="submit" class="button button-primary" disabled={busy}>
            {busy ? 'Saving…' : existing ? 'Save type' : 'Create type'}
          </button>
        </div>
      </form>
      {existing && <DeleteType site={site} type={existing} />}
    </div>
  )
}
