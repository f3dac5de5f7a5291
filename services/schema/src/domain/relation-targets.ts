import { isContentTypeName, isPlainObject } from '@cms/content-model'
import { ConflictError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import { KIND_NOUNS } from './definition-kind.ts'
import type { DefinitionKind } from './definition-kind.ts'
import type { FieldDeclaration } from './website-type-index.ts'

/** One relation field of another type (or of a component) that names a given type as its target. */
export interface RelationReferrer {
  type: string
  field: string
  /** What `type` names; a content type when absent. */
  kind?: DefinitionKind
}

/**
 * The well-formed targets of the relation fields in `fields` (a definition as sent, checked or
 * not), each with its field's index, leaving out those naming `ownName`: a type may target
 * itself before it exists. A malformed target is the definition check's problem, not this one's.
 */
function foreignTargets(fields: unknown, ownName: unknown): Array<[number, string]> {
  if (!Array.isArray(fields)) return []
  const found: Array<[number, string]> = []
  for (const [index, field] of fields.entries()) {
    if (!isPlainObject(field) || field.type !== 'relation') continue
    const { target } = field
    if (isContentTypeName(target) && target !== ownName) found.push([index, target])
  }
  return found
}

/** Whether `fields` hold a relation to a type other than `ownName` (so its names must be read). */
export const targetsOtherTypes = (fields: unknown, ownName: unknown): boolean =>
  foreignTargets(fields, ownName).length > 0

/** One 422 detail per relation field whose target is no type of the website (`typeNames`). */
export function missingTargetProblems(
  fields: unknown,
  ownName: unknown,
  typeNames: readonly string[],
): ErrorDetail[] {
  const known = new Set(typeNames)
  return foreignTargets(fields, ownName)
    .filter(([, target]) => !known.has(target))
    .map(([index, target]) => ({
      path: `fields[${index}].target`,
      message: `must name a content type of this website; there is no content type ${target}`,
    }))
}

/**
 * The relation fields of types other than `target` itself whose target is `target`, by name;
 * with `kind: 'component'`, those of the components `declarations` holds.
 */
export function relationReferrers(
  declarations: Readonly<Record<string, readonly FieldDeclaration[]>>,
  target: string,
  kind: DefinitionKind = 'content-type',
): RelationReferrer[] {
  return Object.keys(declarations)
    .filter((type) => kind === 'component' || type !== target)
    .sort()
    .flatMap((type) =>
      (declarations[type] ?? [])
        .filter((field) => field.type === 'relation' && field.target === target)
        .map((field) => ({ type, field: field.name, ...(kind === 'component' && { kind }) })),
    )
}

/** How many referring fields a refused delete names in its message and in its details. */
const REFERRERS_IN_MESSAGE = 10
const REFERRERS_IN_DETAILS = 100

/** The 409 of a delete refused because relation fields of other types target the type. */
export function referencedTypeConflict(name: string, referrers: RelationReferrer[]): ConflictError {
  const named = referrers.map((referrer) => `${referrer.type}.${referrer.field}`)
  const shown = named.slice(0, REFERRERS_IN_MESSAGE).join(', ')
  const more =
    named.length > REFERRERS_IN_MESSAGE ? ` and ${named.length - REFERRERS_IN_MESSAGE} more` : ''
  return new ConflictError(
    `Content type ${name} is the target of relation fields of other types (${shown}${more}); change or remove those fields first`,
    {
      details: referrers.slice(0, REFERRERS_IN_DETAILS).map((referrer) => ({
        path: `${referrer.type}.${referrer.field}`,
        message: `is a relation field of ${KIND_NOUNS[referrer.kind ?? 'content-type']} ${referrer.type} targeting ${name}`,
      })),
    },
  )
}
