import type { DataValidatorSource } from './data-validator.ts'
import { dataValidatorFor } from './data-validator.ts'

/**
 * Valid `data` in the form it is stored: `datetime` values in UTC (`toISOString`), so that
 * stored text order is time order and range filters compare them as text on every server.
 */
export function validatedData(
  contentType: DataValidatorSource,
  data: Record<string, unknown>,
): Record<string, unknown> {
  dataValidatorFor(contentType).assertValid(data)
  const canonical: Record<string, unknown> = { ...data }
  for (const field of contentType.fields) {
    const value = canonical[field.name]
    if (field.type === 'datetime' && typeof value === 'string') {
      canonical[field.name] = new Date(value).toISOString()
    }
  }
  return canonical
}
