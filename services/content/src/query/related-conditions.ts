import type { FieldCondition, FilterNode } from './filter-node.ts'

/** A condition on a field of related documents, and where its documents are found. */
export type RelatedCondition = FieldCondition & { via: NonNullable<FieldCondition['via']> }

/**
 * The filter with every condition on a related document's field replaced by the relation
 * field's `$in` over the ids `find` answers for it (one call per such condition).
 */
export async function resolveRelatedConditions(
  node: FilterNode,
  find: (condition: RelatedCondition) => Promise<string[]>,
): Promise<FilterNode> {
  switch (node.op) {
    case 'condition':
      if (!node.via) return node
      return {
        op: 'condition',
        path: node.via.path,
        kind: 'relation',
        operator: '$in',
        value: await find(node as RelatedCondition),
      }
    case 'not':
      return { op: 'not', child: await resolveRelatedConditions(node.child, find) }
    case 'and':
    case 'or':
      return {
        op: node.op,
        children: await Promise.all(
          node.children.map((child) => resolveRelatedConditions(child, find)),
        ),
      }
  }
}
