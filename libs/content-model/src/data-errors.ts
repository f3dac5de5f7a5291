import type { ErrorObject } from 'ajv'
import { indexPath, memberPath } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import { blockShapeOf } from './component-fields.ts'
import { BLOCK_COMPONENT_KEY } from './content-type.ts'
import type { ContentType, FieldDefinition } from './content-type.ts'
import { expectedValue, NOT_EMPTY_KEYWORD, STORABLE_KEYWORD } from './data-schema.ts'

const LIST_TYPES: readonly string[] = ['component', 'blocks']

function decodePointerSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~')
}

function messageFor(error: ErrorObject, field: FieldDefinition): string {
  const params = error.params as { limit?: number }
  switch (error.keyword) {
    case NOT_EMPTY_KEYWORD:
      return 'is required and must not be empty'
    case STORABLE_KEYWORD:
      return error.message ?? 'cannot be stored'
    case 'maxLength':
      return `must be at most ${params.limit} characters`
    case 'minimum':
      return `must be at least ${params.limit}`
    case 'maximum':
      return `must be at most ${params.limit}`
    case 'pattern':
      if (field.pattern !== undefined)
        return field.patternMessage ?? `must match the pattern ${field.pattern}`
      break
    case 'minItems':
      if (LIST_TYPES.includes(field.type)) return `must have at least ${params.limit} items`
      break
    case 'maxItems':
      if (LIST_TYPES.includes(field.type)) return `must have at most ${params.limit} items`
      break
  }
  return `must be ${expectedValue(field)}`
}

/** Where an error's instance path lands in `data`: an object of fields, a field, or an item. */
type Place =
  | { at: 'object'; path: string; fields: readonly FieldDefinition[]; owner: string }
  | { at: 'field'; path: string; field: FieldDefinition }
  | { at: 'item'; path: string; field: FieldDefinition }
  | { at: 'unknown'; path: string }

function enter(place: Place, segment: string, value: unknown): Place {
  const path = place.path
  if (place.at === 'object') {
    const field = place.fields.find((candidate) => candidate.name === segment)
    return field
      ? { at: 'field', path: memberPath(path, segment), field }
      : unknownAt(path, segment)
  }
  if (place.at === 'field') {
    const { field } = place
    if (field.type === 'component' && !field.repeatable)
      return enter(componentObject(path, field), segment, value)
    if (field.type === 'component' || field.type === 'blocks')
      return { at: 'item', path: indexPath(path, Number(segment)), field }
    // An element of a list-valued field (tags, many relations) is reported at the field.
    return place
  }
  if (place.at === 'item') {
    const object = objectAt(place, value)
    return object ? enter(object, segment, value) : unknownAt(path, segment)
  }
  return unknownAt(path, segment)
}

const componentObject = (path: string, field: FieldDefinition): Place & { at: 'object' } => ({
  at: 'object',
  path,
  fields: field.fields ?? [],
  owner: `component ${field.component}`,
})

const unknownAt = (path: string, segment: string): Place => ({
  at: 'unknown',
  path: memberPath(path, segment),
})

/** Follows `instancePath` through the fields (and the data, which says each block's component). */
function placeOf(
  instancePath: string,
  root: Place,
  data: unknown,
): { place: Place; value: unknown } {
  let place = root
  let value = data
  for (const raw of instancePath.split('/').slice(1)) {
    const segment = decodePointerSegment(raw)
    const inner = isIndexable(value) ? (value as Record<string, unknown>)[segment] : undefined
    // An item's fields are found from the item itself; anything else from the value entered.
    place = enter(place, segment, place.at === 'item' ? value : inner)
    value = inner
  }
  return { place, value }
}

const isIndexable = (value: unknown): boolean => typeof value === 'object' && value !== null

/** The object of fields that `place` is, when it is one (a component value or a block). */
function objectAt(place: Place, value: unknown): (Place & { at: 'object' }) | undefined {
  if (place.at === 'object') return place
  const { field } = place as { field?: FieldDefinition }
  if (!field) return undefined
  if (place.at === 'field' && field.type === 'component' && !field.repeatable)
    return componentObject(place.path, field)
  if (place.at !== 'item') return undefined
  if (field.type === 'component') return componentObject(place.path, field)
  const shape = blockShapeOf(field, value)
  return shape
    ? { at: 'object', path: place.path, fields: shape.fields, owner: `component ${shape.name}` }
    : undefined
}

function memberDetail(error: ErrorObject, place: Place, value: unknown): ErrorDetail | undefined {
  const params = error.params as { missingProperty?: string; additionalProperty?: string }
  const object = objectAt(place, value)
  if (error.keyword === 'required' && object)
    return { path: memberPath(object.path, params.missingProperty ?? ''), message: 'is required' }
  if (error.keyword === 'additionalProperties' && object)
    return {
      path: memberPath(object.path, params.additionalProperty ?? ''),
      message: `is not a field of ${object.owner}`,
    }
  return undefined
}

function detailFor(error: ErrorObject, root: Place & { at: 'object' }, data: unknown): ErrorDetail {
  const { place, value } = placeOf(error.instancePath, root, data)
  const member = memberDetail(error, place, value)
  if (member) return member
  if (error.keyword === 'discriminator' && place.at === 'item')
    return {
      path: memberPath(place.path, BLOCK_COMPONENT_KEY),
      message: `must be one of: ${(place.field.components ?? []).join(', ')}`,
    }
  if (place.at === 'field') return { path: place.path, message: messageFor(error, place.field) }
  if (place.at === 'item') {
    const blockShape = place.field.type === 'blocks' ? blockShapeOf(place.field, value) : undefined
    return {
      path: place.path,
      message:
        place.field.type === 'blocks' && !blockShape && isIndexable(value)
          ? `must name one of: ${(place.field.components ?? []).join(', ')} in ${BLOCK_COMPONENT_KEY}`
          : 'must be an object',
    }
  }
  if (place.at === 'object') return { path: place.path, message: 'must be an object' }
  return { path: place.path, message: 'is invalid' }
}

/** ajv's errors as the contract's details: one per path (the first problem found there). */
export function dataErrorDetails(
  errors: readonly ErrorObject[],
  contentType: Pick<ContentType, 'name' | 'fields'>,
  data: unknown,
): ErrorDetail[] {
  const root = {
    at: 'object' as const,
    path: 'data',
    fields: contentType.fields,
    owner: `content type ${contentType.name}`,
  }
  const byPath = new Map<string, ErrorDetail>()
  for (const error of errors) {
    const detail = detailFor(error, root, data)
    if (!byPath.has(detail.path)) byPath.set(detail.path, detail)
  }
  return [...byPath.values()]
}
