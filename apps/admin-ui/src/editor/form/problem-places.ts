import { componentValues } from '@cms/content-model/component-fields'
import type { FieldDefinition } from '@cms/content-model/content-type'
import type { Field } from '../fields/field-props.ts'
import { childPath, parentPath } from '../fields/field-path.ts'
import { isValueObject } from '../fields/nested-value.ts'
import type { ValueObject } from '../fields/nested-value.ts'
import type { SortedProblems } from './field-problems.ts'

/**
 * Every path the form shows a field or a list item at, for these (resolved) fields and values:
 * a component's fields even while it has no value, each item of a list.
 */
export function shownPaths(
  fields: readonly Field[],
  data: ValueObject,
  parent = '',
  into = new Set<string>(),
): Set<string> {
  for (const field of fields) {
    const at = childPath(parent, field.name)
    const value = data[field.name]
    into.add(at)
    if (field.type === 'component' && !field.repeatable && !isValueObject(value))
      shownPaths(field.fields ?? [], {}, at, into)
    for (const [item, itemAt, itemFields] of componentValues(field as FieldDefinition, value, at)) {
      into.add(itemAt)
      shownPaths(itemFields as Field[], item, itemAt, into)
    }
  }
  return into
}

export interface PlacedProblems {
  /** The messages shown at the input or item at `path`. */
  at: (path: string) => string[]
  /** What no shown input takes: above the form. */
  other: string[]
}

/** Each detail goes to the deepest shown path that holds it (`tags[1]` to the tags input). */
export function placeProblems(sorted: SortedProblems, shown: ReadonlySet<string>): PlacedProblems {
  const placed = new Map<string, string[]>()
  const other = [...sorted.other]
  for (const [path, messages] of Object.entries(sorted.byPath)) {
    let place = path
    while (place && !shown.has(place)) place = parentPath(place)
    if (place) placed.set(place, [...(placed.get(place) ?? []), ...messages])
    else other.push(...messages.map((message) => `${path}: ${message}`))
  }
  return { at: (path) => placed.get(path) ?? [], other }
}
