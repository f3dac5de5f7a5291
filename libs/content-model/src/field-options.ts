import type { FieldType } from './content-type.ts'

export { MAX_SELECT_OPTIONS, MAX_TEXT_LENGTH_LIMIT } from '@cms/contract'

/** The per-type members a field definition may carry besides name, label, type and required. */
export const FIELD_OPTION_NAMES = [
  'options',
  'min',
  'max',
  'maxLength',
  'target',
  'many',
  'component',
  'repeatable',
  'components',
  'pattern',
  'patternMessage',
  'unique',
] as const
export type FieldOptionName = (typeof FIELD_OPTION_NAMES)[number]

/** Field types whose values are lists of component values. */
export const LIST_OF_COMPONENTS: readonly FieldType[] = ['component', 'blocks']

/** The field types each option applies to; its value's shape is the request schema's. */
export const FIELD_OPTION_TYPES: Readonly<Record<FieldOptionName, readonly FieldType[]>> = {
  options: ['select'],
  min: ['number', 'integer', ...LIST_OF_COMPONENTS],
  max: ['number', 'integer', ...LIST_OF_COMPONENTS],
  maxLength: ['text', 'textarea'],
  target: ['relation'],
  many: ['relation', 'media'],
  component: ['component'],
  repeatable: ['component'],
  components: ['blocks'],
  pattern: ['text', 'textarea'],
  patternMessage: ['text', 'textarea'],
  unique: ['text', 'email', 'url', 'number', 'integer'],
}

/** Options a field of `type` must carry. */
export const REQUIRED_FIELD_OPTIONS: Readonly<
  Partial<Record<FieldType, readonly FieldOptionName[]>>
> = {
  select: ['options'],
  relation: ['target'],
  component: ['component'],
  blocks: ['components'],
}
