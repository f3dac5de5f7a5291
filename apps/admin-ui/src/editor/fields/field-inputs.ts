import type { FunctionComponent } from 'preact'
import type { FieldType } from '@cms/client'
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
}

/** Inputs that are not one labelable control get their name through `aria-labelledby`. */
export const GROUP_INPUTS: ReadonlySet<FieldType> = new Set(['richText', 'relation', 'media'])

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
    default:
      return undefined
  }
}
