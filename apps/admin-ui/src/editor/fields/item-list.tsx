import { useRef, useState } from 'preact/hooks'
import type { ComponentChildren } from 'preact'
import { BLOCK_COMPONENT_KEY } from '@cms/content-model/content-type'
import type { Field, FieldProps } from './field-props.ts'
import { itemPath, pathId } from './field-path.ts'
import { NestedFields } from './nested-fields.tsx'
import { moved } from './nested-value.ts'
import type { ValueObject } from './nested-value.ts'

/** What an item is: its component's label and fields (none when the component is unknown). */
export interface ItemKind {
  label: string
  fields: Field[] | undefined
}

export interface ItemListProps extends Pick<FieldProps, 'path' | 'site' | 'problemsAt' | 'id'> {
  items: ValueObject[]
  /** An emptied list is `null`: the field is removed. */
  onChange: (items: ValueObject[] | null) => void
  kindOf: (item: ValueObject) => ItemKind
  /** The control that adds an item; `full` once the field's `max` is reached. */
  adder: (add: (item: ValueObject) => void, full: boolean) => ComponentChildren
  max: number | undefined
}

let lastKey = 0
const nextKey = () => `item-${++lastKey}`

/** The first text of an item, shown beside a collapsed item's name. */
const summaryOf = (item: ValueObject): string => {
  const text = Object.entries(item).find(
    ([name, value]) => name !== BLOCK_COMPONENT_KEY && typeof value === 'string' && value.trim(),
  )?.[1] as string | undefined
  return text && text.length > 60 ? `${text.slice(0, 59)}…` : (text ?? '')
}

/**
 * A repeatable component's or a blocks field's items: each a fieldset of its component's fields
 * that moves up and down, is removed, and collapses (its inputs stay, hidden, with their state).
 */
export function ItemList(props: ItemListProps) {
  const { items, onChange, path } = props
  // Keys follow the items as they move, so each item's inputs keep their state and focus.
  const keys = useRef<string[]>([])
  if (keys.current.length !== items.length) keys.current = items.map(() => nextKey())
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set())
  const change = (next: ValueObject[], nextKeys: string[]) => {
    keys.current = nextKeys
    onChange(next.length ? next : null)
  }
  const focusLater = (id: string) =>
    requestAnimationFrame(() => document.getElementById(id)?.focus())
  // The moved item's button keeps the focus, or its other one once it reached an end.
  const move = (index: number, by: -1 | 1) => {
    const key = keys.current[index] ?? ''
    const to = index + by
    change(moved(items, index, to), moved(keys.current, index, to))
    const atEnd = to === 0 || to === items.length - 1
    focusLater(`${props.id}-${key}-${by < 0 !== atEnd ? 'up' : 'down'}`)
  }
  const remove = (index: number) =>
    change(
      items.filter((_, i) => i !== index),
      keys.current.filter((_, i) => i !== index),
    )
  const add = (item: ValueObject) => change([...items, item], [...keys.current, nextKey()])
  const toggle = (key: string) =>
    setCollapsed((previous) => {
      const next = new Set(previous)
      if (!next.delete(key)) next.add(key)
      return next
    })
  const full = props.max !== undefined && items.length >= props.max
  return (
    <div class="item-list">
      {items.length > 0 && (
        <ol>
          {items.map((item, index) => {
            const key = keys.current[index] ?? String(index)
            const kind = props.kindOf(item)
            const name = `${kind.label} ${index + 1}`
            const at = itemPath(path, index)
            const buttonId = (action: string) => `${props.id}-${key}-${action}`
            const bodyId = `${pathId(at)}-body`
            const folded = collapsed.has(key)
            const problems = props.problemsAt(at)
            return (
              <li key={key}>
                <fieldset class="list-item">
                  <legend>{name}</legend>
                  <div class="item-bar">
                    {folded && <span class="muted item-summary">{summaryOf(item)}</span>}
                    <div class="actions">
                      <button
                        id={buttonId('fold')}
                        type="button"
                        class="button button-small"
                        aria-expanded={!folded}
                        aria-controls={bodyId}
                        aria-label={`${folded ? 'Expand' : 'Collapse'} ${name}`}
                        onClick={() => toggle(key)}
                      >
                        {folded ? 'Expand' : 'Collapse'}
                      </button>
                      <button
                        id={buttonId('up')}
                        type="button"
                        class="button button-small"
                        disabled={index === 0}
                        aria-label={`Move ${name} up`}
                        onClick={() => move(index, -1)}
                      >
                        Up
                      </button>
                      <button
                        id={buttonId('down')}
                        type="button"
                        class="button button-small"
                        disabled={index === items.length - 1}
                        aria-label={`Move ${name} down`}
                        onClick={() => move(index, 1)}
                      >
                        Down
                      </button>
                      <button
                        type="button"
                        class="button button-small"
                        aria-label={`Remove ${name}`}
                        onClick={() => remove(index)}
                      >
                        Remove
                      </button>
                    </div>
                  </div>
                  {problems.length > 0 && (
                    <p class="field-problem" role="alert">
                      {problems.join(' ')}
                    </p>
                  )}
                  <div id={bodyId} hidden={folded}>
                    {kind.fields ? (
                      <NestedFields
                        fields={kind.fields}
                        value={item}
                        onChange={(next) =>
                          change(
                            items.map((each, i) => (i === index ? next : each)),
                            keys.current,
                          )
                        }
                        path={at}
                        site={props.site}
                        problemsAt={props.problemsAt}
                      />
                    ) : (
                      <p class="hint">
                        This item's component is not one the field allows; remove it or keep it as
                        it is.
                      </p>
                    )}
                  </div>
                </fieldset>
              </li>
            )
          })}
        </ol>
      )}
      {props.adder(add, full)}
    </div>
  )
}
