import { ErrorMessage } from '../../ui/error-message.tsx'
import { editorHref } from '../editor-route.ts'
import { typeNamed } from '../editor-site.ts'
import type { EditorSite } from '../editor-site.ts'
import { BuilderMessages } from './builder-messages.tsx'
import { definitionForm } from './definition-form.tsx'
import { DeleteDefinition } from './delete-definition.tsx'
import { FieldsEditor } from './fields-editor.tsx'
import { EMPTY_TYPE, TEXT_TYPES, draftOf, inputOf, newField } from './type-draft.ts'
import { useBuilder } from './use-builder.ts'

/**
 * Creates a type (`POST /api/content-types`) or edits one (`PATCH`, which replaces `fields` as a
 * whole). The API judges everything; its 422 details are shown at the inputs they name.
 */
export function TypeBuilder({ site, name }: { site: EditorSite; name: string }) {
  const existing = name ? typeNamed(site, name) : undefined
  const builder = useBuilder(() =>
    existing ? draftOf(existing) : { ...EMPTY_TYPE, fields: [newField()] },
  )
  const { draft, change, problems } = builder
  if (name && !existing) return <ErrorMessage error={`There is no content type named ${name}.`} />
  const textFields = draft.fields.filter((field) => TEXT_TYPES.includes(field.type) && field.name)
  const { submit, topInput } = definitionForm({
    site,
    builder,
    existing,
    api: site.client.contentTypes,
    view: 'type',
    inputOf,
  })
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
      <BuilderMessages
        builder={builder}
        noun="type"
        savedText="Saved. The next write of each document is checked against the new fields."
      />
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
        <FieldsEditor
          site={site}
          fields={draft.fields}
          onChange={(fields) => change({ fields })}
          typeName={draft.name.trim()}
          localizedType={draft.localized}
          problems={problems}
        />
        <div class="actions">
          <button type="submit" class="button button-primary" disabled={builder.busy}>
            {builder.busy ? 'Saving…' : existing ? 'Save type' : 'Create type'}
          </button>
        </div>
      </form>
      {existing && <DeleteDefinition site={site} kind="type" definition={existing} />}
    </div>
  )
}
