import { ErrorMessage } from '../../ui/error-message.tsx'
import { editorHref } from '../editor-route.ts'
import { componentNamed } from '../editor-site.ts'
import type { EditorSite } from '../editor-site.ts'
import { BuilderMessages } from './builder-messages.tsx'
import { definitionForm } from './definition-form.tsx'
import { DeleteDefinition } from './delete-definition.tsx'
import { FieldsEditor } from './fields-editor.tsx'
import { EMPTY_TYPE, componentInputOf, fieldDraftsOf, newField } from './type-draft.ts'
import { useBuilder } from './use-builder.ts'

/**
 * Creates a component (`POST /api/components`) or edits one (`PATCH`, `fields` replaced whole)
 * with the type builder's field editor; it has no title, slug or locales of its own.
 */
export function ComponentBuilder({ site, name }: { site: EditorSite; name: string }) {
  const existing = name ? componentNamed(site, name) : undefined
  const builder = useBuilder(() => ({
    ...EMPTY_TYPE,
    ...(existing
      ? {
          name: existing.name,
          label: existing.label,
          description: existing.description ?? '',
          fields: fieldDraftsOf(existing.fields),
        }
      : { fields: [newField()] }),
  }))
  const { draft, change, problems } = builder
  if (name && !existing) return <ErrorMessage error={`There is no component named ${name}.`} />
  const { submit, topInput } = definitionForm({
    site,
    builder,
    existing,
    api: site.client.components,
    view: 'component',
    inputOf: componentInputOf,
  })
  return (
    <div class="stack-large">
      <p>
        <a href={editorHref({ view: 'components' })}>← All components</a>
      </p>
      <h1>{existing ? `Component ${existing.label}` : 'New component'}</h1>
      <BuilderMessages
        builder={builder}
        noun="component"
        savedText="Saved. The next write of each document using it is checked against the new fields."
      />
      <form class="fields type-builder" aria-label="Component" noValidate onSubmit={submit}>
        <div class="form-grid">
          {topInput(
            'name',
            'Name',
            'Lower case letters, digits, - and _; no type may share it; it cannot change later.',
          )}
          {topInput('label', 'Label')}
          {topInput('description', 'Description')}
        </div>
        <FieldsEditor
          site={site}
          fields={draft.fields}
          onChange={(fields) => change({ fields })}
          typeName=""
          componentName={draft.name.trim()}
          localizedType={false}
          problems={problems}
        />
        <div class="actions">
          <button type="submit" class="button button-primary" disabled={builder.busy}>
            {builder.busy ? 'Saving…' : existing ? 'Save component' : 'Create component'}
          </button>
        </div>
      </form>
      {existing && <DeleteDefinition site={site} kind="component" definition={existing} />}
    </div>
  )
}
