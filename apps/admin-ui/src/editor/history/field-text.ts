import { componentValues } from '@cms/content-model/component-fields'
import { BLOCK_COMPONENT_KEY } from '@cms/content-model/content-type'
import type { FieldDefinition } from '@cms/content-model/content-type'
import type { Field } from '../fields/field-props.ts'
import { idsOf } from '../fields/relation-picker.tsx'
import { valueText } from './value-text.ts'

export interface TextNames {
  /** A related document's title or a file's name (its id when unknown). */
  ofId: (id: string) => string
  /** A component's label. */
  ofComponent: (name: string) => string
}

/** Ids stay ids: two values compared this way differ only where their content does. */
export const AS_STORED: TextNames = { ofId: (id) => id, ofComponent: (name) => name }

export const isReferenceField = (field: Pick<Field, 'type'>): boolean =>
  field.type === 'relation' || field.type === 'media'

const indented = (text: string): string => text.replace(/^/gm, '  ')

/**
 * A field's value as the diff shows it, in plain text: relations and media by name; a component
 * as a line per field that has a value (`Title: Welcome`), a list's items numbered and named by
 * their component (`2. Quote`) with their fields indented below.
 */
export function fieldText(field: Field, value: unknown, names: TextNames): string {
  if (isReferenceField(field)) return idsOf(value).map(names.ofId).join(', ')
  if (field.type !== 'component' && field.type !== 'blocks') return valueText(value)
  const items = componentValues(field as FieldDefinition, value, '')
  const list = field.type === 'blocks' || field.repeatable === true
  return items
    .map(([item, , fields], index) => {
      const lines = (fields as Field[])
        .filter((inner) => item[inner.name] !== undefined && item[inner.name] !== null)
        .map((inner) => {
          const text = fieldText(inner, item[inner.name], names)
          return text.includes('\n')
            ? `${inner.label}:\n${indented(text)}`
            : `${inner.label}: ${text}`
        })
      if (!list) return lines.join('\n')
      const name = String(field.type === 'blocks' ? item[BLOCK_COMPONENT_KEY] : field.component)
      return [`${index + 1}. ${names.ofComponent(name)}`, ...lines.map(indented)].join('\n')
    })
    .join('\n')
}
