import { componentValues } from './component-fields.ts'
import type { FieldDefinition } from './content-type.ts'
import type { DataValidatorSource } from './data-validator.ts'
import { dataValidatorFor } from './data-validator.ts'

/**
 * Valid `data` in the form it is stored: `datetime` values in UTC (`toISOString`), at every
 * depth, so that stored text order is time order and range filters compare them as text on
 * every server.
 */
export function validatedData(
  contentType: DataValidatorSource,
  data: Record<string, unknown>,
): Record<string, unknown> {
  dataValidatorFor(contentType).assertValid(data)
  return canonical(contentType.fields, data)
}

function canonical(
  fields: readonly FieldDefinition[],
  data: Record<string, unknown>,
): Record<string, unknown> {
  const stored: Record<string, unknown> = { ...data }
  for (const field of fields) {
    const value = stored[field.name]
    if (field.type === 'datetime' && typeof value === 'string') {
      stored[field.name] = new Date(value).toISOString()
    } else if (field.type === 'component' || field.type === 'blocks') {
      const items = componentValues(field, value, '').map(([item, , itemFields]) =>
        canonical(itemFields, item),
      )
      stored[field.name] = Array.isArray(value) ? items : (items[0] ?? value)
    }
  }
  return stored
}
