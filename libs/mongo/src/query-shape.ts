/**
 * The shape of a query as an index sees it: which fields it fixes (equality or `$in` at the top
 * level), which it bounds, and how it sorts. Values are dropped; fields under `$or`, `$and`,
 * `$nor` and `$not` count as filtered after the index narrowed the set.
 */
export interface QueryShape {
  collection: string
  command: string
  equality: string[]
  range: string[]
  sort: Array<[string, 1 | -1]>
}

const RANGE_OPERATORS = new Set(['$gt', '$gte', '$lt', '$lte'])

/** The conditions a filter ANDs together: its own members and those of a top-level `$and`. */
function conjuncts(filter: Record<string, unknown>): Array<[string, unknown]> {
  return Object.entries(filter).flatMap(([field, condition]) =>
    field === '$and' && Array.isArray(condition)
      ? condition.flatMap((part) =>
          part && typeof part === 'object' ? conjuncts(part as Record<string, unknown>) : [],
        )
      : [[field, condition] as [string, unknown]],
  )
}

function fieldsOf(filter: unknown): { equality: string[]; range: string[] } {
  const equality: string[] = []
  const range: string[] = []
  if (!filter || typeof filter !== 'object') return { equality, range }
  for (const [field, condition] of conjuncts(filter as Record<string, unknown>)) {
    if (field.startsWith('$')) continue
    const operators =
      condition && typeof condition === 'object' && !Array.isArray(condition)
        ? Object.keys(condition).filter((key) => key.startsWith('$'))
        : []
    if (operators.length === 0 || operators.includes('$eq') || operators.includes('$in'))
      equality.push(field)
    else if (operators.some((operator) => RANGE_OPERATORS.has(operator))) range.push(field)
  }
  return { equality: [...new Set(equality)].sort(), range: [...new Set(range)].sort() }
}

/** The driver sends a sort as a Map (or a plain object from other clients). */
function sortOf(sort: unknown): Array<[string, 1 | -1]> {
  if (!sort || typeof sort !== 'object') return []
  const entries = sort instanceof Map ? [...sort.entries()] : Object.entries(sort)
  return entries.map(([field, direction]) => [String(field), Number(direction) < 0 ? -1 : 1])
}

const isEmptyFilter = (filter: unknown): boolean =>
  !filter || (typeof filter === 'object' && Object.keys(filter).length === 0)

/** The shapes of the queries a command runs (none for inserts and cursor continuations). */
export function queryShapesOf(commandName: string, command: Record<string, unknown>): QueryShape[] {
  const collection = String(command[commandName] ?? '')
  const shape = (filter: unknown, sort?: unknown): QueryShape => ({
    collection,
    command: commandName,
    ...fieldsOf(filter),
    sort: sortOf(sort),
  })
  switch (commandName) {
    case 'find':
      // A probe for any one document (the driver's GridFS index check) stops at the first.
      if (isEmptyFilter(command.filter) && !command.sort && command.limit === 1) return []
      return [shape(command.filter, command.sort)]
    case 'count':
      return [shape(command.query)]
    case 'distinct':
      return [shape(command.query)]
    case 'findAndModify':
      return [shape(command.query, command.sort)]
    case 'aggregate': {
      const first = (command.pipeline as Array<Record<string, unknown>> | undefined)?.[0]
      return [shape(first?.$match ?? {})]
    }
    case 'update':
      return ((command.updates as Array<{ q: unknown }> | undefined) ?? []).map((u) => shape(u.q))
    case 'delete':
      return ((command.deletes as Array<{ q: unknown }> | undefined) ?? []).map((d) => shape(d.q))
    default:
      return []
  }
}

export const shapeKey = (shape: QueryShape): string =>
  JSON.stringify([shape.collection, shape.command, shape.equality, shape.range, shape.sort])
