import { BLOCK_COMPONENT_KEY, blockShapeOf } from '@cms/content-model'
import type { ContentType, FieldDefinition } from '@cms/content-model'
import { ConflictError, ValidationError } from '@cms/errors'
import type { DocumentData } from './document.ts'

/**
 * `data` without values of fields the type no longer declares, at any depth of components and
 * blocks (`type` resolved), and without blocks items of components a blocks field no longer
 * allows: a removed field never blocks a write, and the next write of the document drops its
 * value.
 */
export function declaredOnly(type: Pick<ContentType, 'fields'>, data: DocumentData): DocumentData {
  const byName = new Map(type.fields.map((field) => [field.name, field]))
  return Object.fromEntries(
    Object.entries(data).flatMap(([name, value]) => {
      const field = byName.get(name)
      return field ? [[name, declaredValue(field, value)]] : []
    }),
  )
}

const isObject = (value: unknown): value is DocumentData =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** One field's value with what its (resolved) component or blocks field no longer declares dropped. */
function declaredValue(field: FieldDefinition, value: unknown): unknown {
  if (field.type === 'component' && field.fields) {
    const fields = { fields: field.fields }
    const item = (held: unknown) => (isObject(held) ? declaredOnly(fields, held) : held)
    return Array.isArray(value) ? value.map(item) : item(value)
  }
  if (field.type === 'blocks' && field.blocks && Array.isArray(value)) {
    return value.flatMap((held) => {
      if (!isObject(held)) return [held]
      const shape = blockShapeOf(field, held)
      return shape ? [{ [BLOCK_COMPONENT_KEY]: shape.name, ...declaredOnly(shape, held) }] : []
    })
  }
  return value
}

/** A live change while a pending draft waits would drop it unseen. */
export const pendingDraftConflict = (id: string): ConflictError =>
  new ConflictError(
    `Document ${id} has a pending draft; publish or discard it first, or send discardDraft=true to drop it with this change`,
  )

export const slugInPendingDraft = (): ValidationError =>
  ValidationError.single(
    'slug',
    'a pending draft changes data only; change the slug without draft=true',
  )

/**
 * A projection for readers with draft access: each projected `data` path is read from the
 * pending draft too (and, when fields are picked, whether there is one at all).
 */
export function withPendingDraftPaths(
  projection: Record<string, 0 | 1> | undefined,
): Record<string, 0 | 1> | undefined {
  if (!projection) return undefined
  const widened = { ...projection }
  for (const [path, value] of Object.entries(projection)) {
    if (path === 'data' || path.startsWith('data.')) widened[`pendingDraft.${path}`] = value
  }
  if (projection._id === 1) widened['pendingDraft.updatedAt'] = 1
  return widened
}
