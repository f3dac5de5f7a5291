export type ValueObject = Record<string, unknown>

export const isValueObject = (value: unknown): value is ValueObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The objects of a list value (a repeatable component's or a blocks field's items). */
export const itemsOf = (value: unknown): ValueObject[] =>
  Array.isArray(value) ? value.filter(isValueObject) : []

/**
 * `object` with `name` set to `value`; an emptied value (null) leaves the member out, since a
 * nested value is sent whole and a `null` inside it would be stored, not removed.
 */
export function withMember(object: ValueObject, name: string, value: unknown): ValueObject {
  const { [name]: _old, ...rest } = object
  return value === null || value === undefined ? rest : { ...rest, [name]: value }
}

/** `items` with the one at `from` moved to `to` (both in range). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items]
  const [item] = next.splice(from, 1)
  if (item !== undefined) next.splice(to, 0, item)
  return next
}
