import type { ErrorDetail } from '@cms/errors'
import { componentProblems, namesComponents } from './component-graph.ts'
import type { DefinitionKind } from './definition-kind.ts'
import { missingTargetProblems, targetsOtherTypes } from './relation-targets.ts'
import { resolvedSizeProblems } from './resolved-size.ts'
import type { WebsiteTypeIndexEntry } from './website-type-index.ts'

/** The definition being saved, as sent: its kind and (unchecked) name. */
export interface SavedDefinition {
  kind: DefinitionKind
  name: unknown
}

/** A type may relate to itself before it exists; a component is never a relation's target. */
const ownTarget = (saved: SavedDefinition) =>
  saved.kind === 'content-type' ? saved.name : undefined

/** Whether `fields` (as sent) name other definitions, so that the website's index must be read. */
export const namesOtherDefinitions = (fields: unknown, saved: SavedDefinition): boolean =>
  targetsOtherTypes(fields, ownTarget(saved)) || namesComponents(fields)

/**
 * What the website's index says of the names `fields` (as sent) hold: relation targets that are
 * no type, components that are none, cycles, nesting too deep, and types that would hold too
 * many fields once their components are resolved (docs/schema.md).
 */
export function referenceProblems(
  fields: unknown,
  saved: SavedDefinition,
  index: WebsiteTypeIndexEntry,
): ErrorDetail[] {
  const problems = [
    ...missingTargetProblems(fields, ownTarget(saved), index.names),
    ...componentProblems(fields, saved, index),
  ]
  return problems.length > 0 ? problems : resolvedSizeProblems(fields, saved, index)
}
