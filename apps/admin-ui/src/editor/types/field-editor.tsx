import { FIELD_TYPES } from '@cms/client'
import type { FieldType } from '@cms/client'
import type { EditorSite } from '../editor-site.ts'
import type { FieldDraft } from './type-draft.ts'

export interface FieldEditorProps {
  site: EditorSite
  index: number
  count: number
  field: FieldDraft
  /** The name of the type being built (a relation may target it). */
  typeName: string
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
  const check = (part: 'required' | 'localized' | 'many', label: string) => (
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
        {(field.type === 'number' || field.type === 'integer') && (
          <>
            {input('min', 'Minimum', 'number')}
            {input('max', 'Maximum', 'number')}
          </>
        )}
        {(field.type === 'text' || field.type === 'textarea') &&
          input('maxLength', 'Longest length', 'number')}
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
      <div class="checks">
        {check('required', 'Required')}
        {props.localizedType && check('localized', 'Per locale')}
        {(field.type === 'relation' || field.type === 'media') && check('many', 'Many')}
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
