import { FIELD_TYPES } from '@cms/client'
import type { FieldType } from '@cms/client'
import type { EditorSite } from '../editor-site.ts'
import { takesBounds, takesOption } from './type-draft.ts'
import type { FieldDraft } from './type-draft.ts'

export interface FieldEditorProps {
  site: EditorSite
  index: number
  count: number
  field: FieldDraft
  /** The name of the type being built (a relation may target it); '' for a component. */
  typeName: string
  /** The component being built, which its own fields cannot name. */
  componentName?: string
  localizedType: boolean
  problems: (place: string) => string[]
  onChange: (change: Partial<FieldDraft>) => void
  onMove: (by: -1 | 1) => void
  onRemove: () => void
}

/** One field of the type: its name, label, type and the settings that type takes. */
export function FieldEditor(props: FieldEditorProps) {
  const { field, index, onChange } = props
  const id = (part: string) => `type-field-${field.key}-${part}`
  const problem = (part: string) => props.problems(`fields.${index}.${part}`)
  const described = (part: string) => (problem(part).length ? `${id(part)}-problem` : undefined)
  const shown = field.name || `field ${index + 1}`
  const input = (part: keyof FieldDraft, label: string, type = 'text') => (
    <div>
      <label for={id(part)}>{label}</label>
      <input
        id={id(part)}
        type={type as 'text'}
        value={String(field[part])}
        aria-invalid={problem(part).length > 0 || undefined}
        aria-describedby={described(part)}
        onInput={(event) => onChange({ [part]: event.currentTarget.value })}
      />
      <Problem id={`${id(part)}-problem`} messages={problem(part)} />
    </div>
  )
  const check = (
    part: 'required' | 'localized' | 'many' | 'repeatable' | 'unique',
    label: string,
  ) => (
    <div class="check">
      <input
        id={id(part)}
        type="checkbox"
        checked={field[part]}
        onChange={(event) => onChange({ [part]: event.currentTarget.checked })}
      />
      <label for={id(part)}>{label}</label>
    </div>
  )
  const targets = [...new Set([...props.site.types.map((type) => type.name), props.typeName])]
  const components = props.site.components.filter(
    (component) => component.name !== props.componentName,
  )
  const list = field.type === 'blocks' || (field.type === 'component' && field.repeatable)
  return (
    <fieldset class="field-editor">
      <legend>Field {index + 1}</legend>
      <div class="form-grid">
        {input('name', 'Field name')}
        {input('label', 'Field label')}
        <div>
          <label for={id('type')}>Field type</label>
          <select
            id={id('type')}
            value={field.type}
            onChange={(event) => onChange({ type: event.currentTarget.value as FieldType })}
          >
            {FIELD_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
          <Problem id={`${id('type')}-problem`} messages={problem('type')} />
        </div>
        {field.type === 'select' && input('options', 'Options (comma-separated)')}
        {takesBounds(field) && (
          <>
            {input('min', list ? 'Fewest items' : 'Minimum', 'number')}
            {input('max', list ? 'Most items' : 'Maximum', 'number')}
          </>
        )}
        {takesOption(field.type, 'maxLength') && input('maxLength', 'Longest length', 'number')}
        {takesOption(field.type, 'pattern') && input('pattern', 'Pattern (RE2)')}
        {takesOption(field.type, 'pattern') &&
          field.pattern !== '' &&
          input('patternMessage', 'Message when it does not match')}
        {field.type === 'component' && (
          <div>
            <label for={id('component')}>Component</label>
            <select
              id={id('component')}
              value={field.component}
              aria-invalid={problem('component').length > 0 || undefined}
              aria-describedby={described('component')}
              onChange={(event) => onChange({ component: event.currentTarget.value })}
            >
              <option value="">—</option>
              {components.map((component) => (
                <option key={component.name} value={component.name}>
                  {component.label}
                </option>
              ))}
            </select>
            <Problem id={`${id('component')}-problem`} messages={problem('component')} />
          </div>
        )}
        {field.type === 'relation' && (
          <div>
            <label for={id('target')}>Target type</label>
            <select
              id={id('target')}
              value={field.target}
              aria-invalid={problem('target').length > 0 || undefined}
              aria-describedby={described('target')}
              onChange={(event) => onChange({ target: event.currentTarget.value })}
            >
              <option value="">—</option>
              {targets.filter(Boolean).map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
            <Problem id={`${id('target')}-problem`} messages={problem('target')} />
          </div>
        )}
      </div>
      {field.type === 'blocks' && (
        <fieldset
          class="component-choices"
          aria-invalid={problem('components').length > 0 || undefined}
          aria-describedby={described('components')}
        >
          <legend>Allowed components</legend>
          {components.length === 0 && (
            <p class="hint">This website has no components yet: define them under Components.</p>
          )}
          <div class="checks">
            {components.map((component) => (
              <div class="check" key={component.name}>
                <input
                  id={id(`components-${component.name}`)}
                  type="checkbox"
                  checked={field.components.includes(component.name)}
                  onChange={(event) =>
                    onChange({
                      components: event.currentTarget.checked
                        ? [...field.components, component.name]
                        : field.components.filter((name) => name !== component.name),
                    })
                  }
                />
                <label for={id(`components-${component.name}`)}>{component.label}</label>
              </div>
            ))}
          </div>
          <Problem id={`${id('components')}-problem`} messages={problem('components')} />
        </fieldset>
      )}
      <div class="checks">
        {check('required', 'Required')}
        {props.localizedType && check('localized', 'Per locale')}
        {takesOption(field.type, 'many') && check('many', 'Many')}
        {field.type === 'component' && check('repeatable', 'Repeatable (a list)')}
        {takesOption(field.type, 'unique') && check('unique', 'Unique')}
      </div>
      <div class="actions">
        <button
          type="button"
          class="button button-small"
          disabled={index === 0}
          aria-label={`Move ${shown} up`}
          onClick={() => props.onMove(-1)}
        >
          Up
        </button>
        <button
          type="button"
          class="button button-small"
          disabled={index === props.count - 1}
          aria-label={`Move ${shown} down`}
          onClick={() => props.onMove(1)}
        >
          Down
        </button>
        <button
          type="button"
          class="button button-small"
          aria-label={`Remove ${shown}`}
          onClick={props.onRemove}
        >
          Remove
        </button>
      </div>
    </fieldset>
  )
}

function Problem({ id, messages }: { id: string; messages: string[] }) {
  if (messages.length === 0) return null
  return (
    <p class="field-problem" id={id}>
      {messages.join(' ')}
    </p>
  )
}
