import type { ContentType, FieldDefinition } from '@cms/content-model'
import { BASE_COLUMNS, DATA_PREFIX } from './base-columns.ts'
import { KIND_BY_FIELD_TYPE, SORTABLE_KINDS } from './field-kinds.ts'
import { quoteValue } from './quote-value.ts'
import type { FieldRef } from './field-kinds.ts'

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/

export type FieldLookup = { ok: true; field: FieldRef } | { ok: false; message: string }

/** Resolves the names a query uses to stored paths, against the content types in scope. */
export interface FieldCatalog {
  /**
   * A base column (`slug`), or a data field as `data.title` or bare `title`; a field of a
   * component as `seo.title`; a field of related documents as `author.name`.
   */
  lookup(name: string): FieldLookup
  /** A data field for projection: it only has to be declared, whatever its types. */
  lookupForProjection(name: string): FieldLookup
}

interface Declaration {
  /** The content type whose fields (or whose component's fields) declare it. */
  typeName: string
  field: FieldDefinition
}

/** Where names are looked up: a type's fields, or the fields of one component field. */
interface Scope {
  declarations: Map<string, Declaration[]>
  /** The stored path of the scope's fields: `data.`, `data.seo.`. */
  prefix: string
  /** Says where a name was looked for: `by content type "post"`. */
  where: string
}

const isGroup = (field: FieldDefinition) => field.type === 'component' || field.type === 'blocks'

/** A blocks field or a repeatable component: its value is a list of items. */
const holdsList = (field: FieldDefinition) =>
  field.type === 'blocks' || (field.type === 'component' && field.repeatable === true)

function declarationsOf(
  sets: ReadonlyArray<{ typeName: string; fields: readonly FieldDefinition[] }>,
): Map<string, Declaration[]> {
  const byField = new Map<string, Declaration[]>()
  for (const { typeName, fields } of sets) {
    for (const field of fields) {
      const list = byField.get(field.name) ?? []
      list.push({ typeName, field })
      byField.set(field.name, list)
    }
  }
  return byField
}

const withoutDataPrefix = (name: string) =>
  name.startsWith(DATA_PREFIX) ? name.slice(DATA_PREFIX.length) : name

/**
 * With `typeName`, only that type declares data fields; without it, every type does, and a name
 * declared with types that compare differently needs `type` to say which one is meant.
 */
export function createFieldCatalog(
  contentTypes: readonly ContentType[],
  typeName: string | undefined,
): FieldCatalog {
  const inScope =
    typeName === undefined ? contentTypes : contentTypes.filter((t) => t.name === typeName)
  const top: Scope = {
    declarations: declarationsOf(
      inScope.map((type) => ({ typeName: type.name, fields: type.fields })),
    ),
    prefix: DATA_PREFIX,
    where: typeName === undefined ? 'by any content type' : `by content type "${typeName}"`,
  }
  const unknown = (name: string, scope: Scope): FieldLookup => ({
    ok: false,
    message:
      scope === top
        ? `unknown field ${quoteValue(name)}: not a base column and not declared ${scope.where}`
        : `unknown field ${quoteValue(name)}: not declared ${scope.where}`,
  })

  /** A field of one scope: itself, or through it (a component's field, a related document's). */
  function lookupIn(scope: Scope, name: string, dataName: string): FieldLookup {
    const dot = dataName.indexOf('.')
    const head = dot === -1 ? dataName : dataName.slice(0, dot)
    const found = FIELD_NAME.test(head) ? scope.declarations.get(head) : undefined
    if (!found) return unknown(dot === -1 ? name : head, scope)
    if (dot === -1) return fieldItself(scope, head, found)
    const rest = dataName.slice(dot + 1)
    if (found.some((d) => holdsList(d.field))) {
      return {
        ok: false,
        message: `cannot filter or sort by ${quoteValue(name)}: "${head}" holds a list (a repeatable component or blocks), whose fields are not filterable or sortable`,
      }
    }
    if (found.every((d) => d.field.type === 'component'))
      return inComponent(scope, name, head, rest, found)
    return throughRelation(scope, name, head, rest, found)
  }

  function fieldItself(scope: Scope, head: string, found: Declaration[]): FieldLookup {
    const kinds = new Set(found.map((d) => KIND_BY_FIELD_TYPE[d.field.type]))
    if (kinds.size > 1) {
      const listed = found.map((d) => `${d.typeName} (${d.field.type})`).join(', ')
      return {
        ok: false,
        message: `field "${withoutDataPrefix(scope.prefix)}${head}" has different types in ${listed}; add type=<name> to choose one`,
      }
    }
    const kind = KIND_BY_FIELD_TYPE[found[0]!.field.type]
    const path = scope.prefix + head
    return {
      ok: true,
      field: {
        name: path,
        path,
        kind,
        sortable: SORTABLE_KINDS.has(kind),
        ...(found.some((d) => isGroup(d.field)) ? { nests: true as const } : {}),
      },
    }
  }

  /** `seo.title`: a field of a (non-repeatable) component field, stored inside its value. */
  function inComponent(
    scope: Scope,
    name: string,
    head: string,
    rest: string,
    found: Declaration[],
  ): FieldLookup {
    const inner: Scope = {
      declarations: declarationsOf(
        found.map((d) => ({ typeName: d.typeName, fields: d.field.fields ?? [] })),
      ),
      prefix: `${scope.prefix}${head}.`,
      where: `by component field "${withoutDataPrefix(scope.prefix)}${head}"`,
    }
    return lookupIn(inner, name, rest)
  }

  /** `author.title`: a field of the type one relation field names. */
  function throughRelation(
    scope: Scope,
    name: string,
    head: string,
    rest: string,
    found: Declaration[],
  ): FieldLookup {
    const targets = new Set(found.map((d) => (d.field.type === 'relation' ? d.field.target : '')))
    const target = targets.size === 1 ? [...targets][0] : undefined
    if (!target) {
      return {
        ok: false,
        message: `unknown field ${quoteValue(name)}: "${head}" is not a relation field with one target ${scope.where}`,
      }
    }
    const relationPath = scope.prefix + head
    const inner = createFieldCatalog(contentTypes, target).lookup(rest)
    if (!inner.ok) return { ok: false, message: `${inner.message} (through relation "${head}")` }
    if (inner.field.via) {
      return {
        ok: false,
        message: `filters reach one relation level; ${quoteValue(name)} goes further`,
      }
    }
    return {
      ok: true,
      field: {
        ...inner.field,
        name: `${relationPath}.${inner.field.name}`,
        sortable: false,
        via: { path: relationPath, target },
      },
    }
  }

  return {
    lookup(name) {
      const base = BASE_COLUMNS.get(name)
      if (base) return { ok: true, field: base }
      return lookupIn(top, name, withoutDataPrefix(name))
    },
    lookupForProjection(name) {
      const base = BASE_COLUMNS.get(name)
      if (base) return { ok: true, field: base }
      const dataName = withoutDataPrefix(name)
      const dot = dataName.indexOf('.')
      const head = dot === -1 ? dataName : dataName.slice(0, dot)
      const found = FIELD_NAME.test(head) ? top.declarations.get(head) : undefined
      if (found && dot !== -1 && found.some((d) => isGroup(d.field))) {
        return {
          ok: false,
          message: `fields selects whole fields: name "${head}" rather than ${quoteValue(name)}`,
        }
      }
      if (!found || dot !== -1) return unknown(name, top)
      const path = DATA_PREFIX + head
      return { ok: true, field: { name: path, path, kind: 'opaque', sortable: false } }
    },
  }
}
