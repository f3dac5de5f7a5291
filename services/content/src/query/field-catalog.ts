import type { ContentType, FieldType } from '@cms/content-model'
import { BASE_COLUMNS, DATA_PREFIX } from './base-columns.ts'
import { KIND_BY_FIELD_TYPE, SORTABLE_KINDS } from './field-kinds.ts'
import { quoteValue } from './quote-value.ts'
import type { FieldRef } from './field-kinds.ts'

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/

export type FieldLookup = { ok: true; field: FieldRef } | { ok: false; message: string }

/** Resolves the names a query uses to stored paths, against the content types in scope. */
export interface FieldCatalog {
  /** A base column (`slug`), or a data field as `data.title` or bare `title`. */
  lookup(name: string): FieldLookup
  /** A data field for projection: it only has to be declared, whatever its types. */
  lookupForProjection(name: string): FieldLookup
}

interface Declaration {
  typeName: string
  fieldType: FieldType
  target?: string
}

function declarationsByField(contentTypes: readonly ContentType[]): Map<string, Declaration[]> {
  const byField = new Map<string, Declaration[]>()
  for (const contentType of contentTypes) {
    for (const field of contentType.fields) {
      const list = byField.get(field.name) ?? []
      list.push({
        typeName: contentType.name,
        fieldType: field.type,
        ...(field.target === undefined ? {} : { target: field.target }),
      })
      byField.set(field.name, list)
    }
  }
  return byField
}

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
  const declarations = declarationsByField(inScope)
  const where = typeName === undefined ? 'by any content type' : `by content type "${typeName}"`

  function declared(
    name: string,
  ): { ok: true; dataName: string; found: Declaration[] } | { ok: false; message: string } {
    const dataName = name.startsWith(DATA_PREFIX) ? name.slice(DATA_PREFIX.length) : name
    const found = FIELD_NAME.test(dataName) ? declarations.get(dataName) : undefined
    if (!found) {
      return {
        ok: false,
        message: `unknown field ${quoteValue(name)}: not a base column and not declared ${where}`,
      }
    }
    return { ok: true, dataName, found }
  }

  /** `author.title` / `data.author.title`: a field of the type one relation field names. */
  function related(name: string): FieldLookup | undefined {
    const dataName = name.startsWith(DATA_PREFIX) ? name.slice(DATA_PREFIX.length) : name
    const dot = dataName.indexOf('.')
    if (dot === -1) return undefined
    const relationName = dataName.slice(0, dot)
    const relation = declared(relationName)
    if (!relation.ok) return relation
    const targets = new Set(relation.found.map((d) => (d.fieldType === 'relation' ? d.target : '')))
    const target = targets.size === 1 ? [...targets][0] : undefined
    if (!target) {
      return {
        ok: false,
        message: `unknown field ${quoteValue(name)}: "${relationName}" is not a relation field with one target ${where}`,
      }
    }
    const inner = createFieldCatalog(contentTypes, target).lookup(dataName.slice(dot + 1))
    if (!inner.ok)
      return { ok: false, message: `${inner.message} (through relation "${relationName}")` }
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
        name: `${DATA_PREFIX}${relationName}.${inner.field.name}`,
        sortable: false,
        via: { path: DATA_PREFIX + relationName, target },
      },
    }
  }

  return {
    lookup(name) {
      const base = BASE_COLUMNS.get(name)
      if (base) return { ok: true, field: base }
      const through = related(name)
      if (through) return through
      const result = declared(name)
      if (!result.ok) return result
      const kinds = new Set(result.found.map((d) => KIND_BY_FIELD_TYPE[d.fieldType]))
      if (kinds.size > 1) {
        const listed = result.found.map((d) => `${d.typeName} (${d.fieldType})`).join(', ')
        return {
          ok: false,
          message: `field "${result.dataName}" has different types in ${listed}; add type=<name> to choose one`,
        }
      }
      const kind = KIND_BY_FIELD_TYPE[result.found[0]!.fieldType]
      const path = DATA_PREFIX + result.dataName
      return { ok: true, field: { name: path, path, kind, sortable: SORTABLE_KINDS.has(kind) } }
    },
    lookupForProjection(name) {
      const base = BASE_COLUMNS.get(name)
      if (base) return { ok: true, field: base }
      const result = declared(name)
      if (!result.ok) return result
      const path = DATA_PREFIX + result.dataName
      return { ok: true, field: { name: path, path, kind: 'opaque', sortable: false } }
    },
  }
}
