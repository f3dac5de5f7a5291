import { editorHref } from '../editor-route.ts'
import type { EditorSite } from '../editor-site.ts'
import { BuilderInput } from './builder-input.tsx'
import type { TypeDraft } from './type-draft.ts'
import type { Builder } from './use-builder.ts'

/** The client's methods for one kind of definition (content types or components). */
interface DefinitionApi<Input extends { name: string }> {
  create(input: Input): Promise<unknown>
  update(name: string, changes: Omit<Input, 'name'>): Promise<unknown>
}

/**
 * What the type builder and the component builder share: saving the draft (a create opens the
 * new definition's page, an edit stays and says "Saved") and the name, label and description
 * inputs (the name fixed once the definition exists).
 */
export function definitionForm<Input extends { name: string }>(options: {
  site: EditorSite
  builder: Builder
  existing: { name: string } | undefined
  api: DefinitionApi<Input>
  view: 'type' | 'component'
  inputOf: (draft: TypeDraft) => Input
}) {
  const { site, builder, existing, api } = options
  const submit = (event: Event) => {
    event.preventDefault()
    void builder.save(async () => {
      const input = options.inputOf(builder.draft)
      if (existing) {
        const { name: _name, ...changes } = input
        await api.update(existing.name, changes)
      } else {
        await api.create(input)
        location.hash = editorHref({ view: options.view, name: input.name })
      }
      site.reload()
      return Boolean(existing)
    })
  }
  const topInput = (part: 'name' | 'label' | 'description', label: string, hint?: string) => (
    <BuilderInput
      part={part}
      label={label}
      value={builder.draft[part]}
      hint={hint}
      disabled={part === 'name' && Boolean(existing)}
      problems={builder.problems(part)}
      onInput={(value) => builder.change({ [part]: value })}
    />
  )
  return { submit, topInput }
}
