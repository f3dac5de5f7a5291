import { useState } from 'preact/hooks'
import { BLOCK_COMPONENT_KEY } from '@cms/content-model/content-type'
import { componentLabel } from '../editor-site.ts'
import type { FieldProps } from './field-props.ts'
import { ItemList } from './item-list.tsx'
import { itemsOf } from './nested-value.ts'

/** An ordered list of blocks, each of one of the field's components, chosen when it is added. */
export function BlocksInput(props: FieldProps) {
  const { field, site, id } = props
  const blocks = field.blocks ?? []
  const [choice, setChoice] = useState(blocks[0]?.name ?? '')
  return (
    <ItemList
      {...props}
      items={itemsOf(props.value)}
      onChange={props.onChange}
      max={field.max}
      kindOf={(item) => {
        const name = String(item[BLOCK_COMPONENT_KEY] ?? '')
        return {
          label: componentLabel(site, name),
          fields: blocks.find((block) => block.name === name)?.fields,
        }
      }}
      adder={(add, full) => (
        <div class="item-adder">
          <label for={`${id}-add`}>Block to add</label>
          <select
            id={`${id}-add`}
            value={choice}
            onChange={(event) => setChoice(event.currentTarget.value)}
          >
            {blocks.map((block) => (
              <option key={block.name} value={block.name}>
                {componentLabel(site, block.name)}
              </option>
            ))}
          </select>
          <button
            type="button"
            class="button button-small"
            disabled={full || !choice}
            onClick={() => add({ [BLOCK_COMPONENT_KEY]: choice })}
          >
            Add block
          </button>
        </div>
      )}
    />
  )
}
