import type { FieldType } from './content-type.ts'

export { MAX_SELECT_OPTIONS, MAX_TEXT_LENGTH_LIMIT } from '@cms/contract'

/** The per-type members a field definition may carry besides name, label, type and required. */
export const FIELD_OPTION_NAMES = ['options', 'min', 'max', 'maxLength', 'target', 'many'] as const
export type FieldOptionName = (typeof FIELD_OPTION_NAMES)[number]

/** The field types each option applies to; its value's shape is the request schema's. */
export const FIELD_OPTION_TYPES: Readonly<Record<FieldOptionName, readonly FieldType[]>> = {
  options: ['select'],
  min: ['number', 'integer'],
  max: ['number', 'integer'],
  maxLength: ['text', 'textarea'],
  target: ['relation'],
  many: ['relation', 'media'],
}

/** Options a field of `type` must carry. */
export const REQUIRED_FIELD_OPTIONS: Readonly<
  Partial<Record<FieldType, readonly FieldOptionName[]>>
> = {
  select: ['options'],
  relation: ['target'],
}
