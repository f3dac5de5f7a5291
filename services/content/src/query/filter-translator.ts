import type { FilterNode } from './filter-node.ts'
import { MONGO_BY_OPERATOR } from './mongo-operators.ts'
import type { MongoFilter } from './mongo-operators.ts'

/**
 * A validated filter as one MongoDB filter. Each condition stays its own clause under `$and`, so
 * two operators on one path (`$contains` and `$startsWith` are both `$regex`) never collide.
 */
export function translateFilter(node: FilterNode): MongoFilter {
  switch (node.op) {
    case 'condition':
      if (node.via) throw new Error(`unresolved condition through ${node.via.path}`)
      return MONGO_BY_OPERATOR[node.operator](node.path, node.value)
    case 'not':
      return { $nor: [translateFilter(node.child)] }
    case 'or':
      return { $or: node.children.map(translateFilter) }
    case 'and':
      if (node.children.length === 0) return {}
      if (node.children.length === 1) return translateFilter(node.children[0]!)
      return { $and: node.children.map(translateFilter) }
  }
}
