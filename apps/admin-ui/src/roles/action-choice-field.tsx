import type { ContentAction } from '@cms/contract'
import { TypeCheckboxes } from '../ui/type-checkboxes.tsx'
import { ACTION_REACH, REACH_LABELS } from './permission-choices.ts'
import type { ActionChoice, ActionReach } from './permission-choices.ts'

export interface ActionChoiceFieldProps {
  idPrefix: string
  action: ContentAction
  choice: ActionChoice
  types: readonly string[]
  onChange: (choice: ActionChoice) => void
}

/** One action of a role: none, all types, or the types checked below it. */
export function ActionChoiceField({
  idPrefix,
  action,
  choice,
  types,
  onChange,
}: ActionChoiceFieldProps) {
  const id = `${idPrefix}-${action}`
  return (
    <div class="field">
      <label for={id}>{action}</label>
      <select
        id={id}
        value={choice.reach}
        onChange={(event) =>
          onChange({ ...choice, reach: event.currentTarget.value as ActionReach })
        }
      >
        {ACTION_REACH.map((reach) => (
          <option key={reach} value={reach}>
            {REACH_LABELS[reach]}
          </option>
        ))}
      </select>
      {choice.reach === 'some' && (
        <TypeCheckboxes
          idPrefix={`${id}-type`}
          legend={`${action} types`}
          types={types}
          checked={choice.types}
          onChange={(checked) => onChange({ ...choice, types: checked })}
        />
      )}
    </div>
  )
}
