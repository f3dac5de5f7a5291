import type { FunctionComponent } from 'preact'
import type { FieldType } from '@cms/client'
import { BlocksInput } from './blocks-input.tsx'
import { ComponentInput } from './component-input.tsx'
import type { FieldProps } from './field-props.ts'
import { MediaPicker } from './media-picker.tsx'
import { RelationPicker } from './relation-picker.tsx'
import { RichTextInput } from './rich-text-input.tsx'
import {
  BooleanInput,
  DateInput,
  DateTimeInput,
  JsonInput,
  NumberInput,
  SelectInput,
  TextareaInput,
  TextInput,
} from './simple-inputs.tsx'
import { TagsInput } from './tags-input.tsx'

/** The input of each field type the API knows. */
export const FIELD_INPUTS: Record<FieldType, FunctionComponent<FieldProps>> = {
  text: TextInput,
  email: TextInput,
  url: TextInput,
  textarea: TextareaInput,
  richText: RichTextInput,
  tags: TagsInput,
  number: NumberInput,
  integer: NumberInput,
  boolean: BooleanInput,
  date: DateInput,
  datetime: DateTimeInput,
  select: SelectInput,
  json: JsonInput,
  relation: RelationPicker,
  media: MediaPicker,
  component: ComponentInput,
  blocks: BlocksInput,
}

/** Inputs that are not one labelable control get their name through `aria-labelledby`. */
export const GROUP_INPUTS: ReadonlySet<FieldType> = new Set(['richText', 'relation', 'media'])

/** Inputs of nested fields: a fieldset named by its legend. */
export const NESTED_INPUTS: ReadonlySet<FieldType> = new Set(['component', 'blocks'])

/** How many items a list field takes, when it says. */
function itemBounds(field: FieldProps['field']): string | undefined {
  const { min, max } = field
  if (min !== undefined && max !== undefined) return `From ${min} to ${max} items.`
  if (min !== undefined) return `At least ${min} ${min === 1 ? 'item' : 'items'}.`
  if (max !== undefined) return `At most ${max} ${max === 1 ? 'item' : 'items'}.`
  return undefined
}

/** What a field's hint says about its type. */
export function fieldHint(field: FieldProps['field']): string | undefined {
  switch (field.type) {
    case 'tags':
      return 'Press Enter or type a comma to add a tag.'
    case 'datetime':
      return 'In UTC.'
    case 'relation':
      return field.many
        ? `Documents of type ${field.target}.`
        : `A document of type ${field.target}.`
    case 'media':
      return field.many ? 'Files of the media library.' : 'A file of the media library.'
    case 'component':
      return field.repeatable ? itemBounds(field) : undefined
    case 'blocks':
      return itemBounds(field)
    default:
      return undefined
  }
}
