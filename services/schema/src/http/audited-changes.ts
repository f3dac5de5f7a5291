import type { Context } from 'koa'
import type { AuditedChange } from '@cms/http'
import { bodyMembers } from '@cms/http'
import type { DefinitionKind } from '../domain/definition-kind.ts'

/**
 * A type (or component) is addressed by its name, the same after its changes; its version is
 * the one made.
 */
const definitionTarget = (kind: DefinitionKind) => (ctx: Context) => {
  const answered = ctx.body as { name?: string; version?: number } | undefined
  const name = ctx.params?.name ?? answered?.name
  return {
    kind,
    ...(name !== undefined && { id: name }),
    ...(answered?.version !== undefined && { version: answered.version }),
  }
}
const contentTypeTarget = definitionTarget('content-type')
const componentTarget = definitionTarget('component')

/** The definition's members sent, and each field the sent `fields` names (`fields.<name>`). */
function definitionChanges(ctx: Context): string[] {
  const fields = (ctx.request.body as { fields?: unknown } | undefined)?.fields
  const named = Array.isArray(fields)
    ? fields.flatMap((field: { name?: unknown } | null) =>
        typeof field?.name === 'string' ? [`fields.${field.name}`] : [],
      )
    : []
  return [...bodyMembers(ctx), ...named]
}

/** What the audit log says of the schema service's changes (docs/audit.md, "Settings"). */
export const AUDITED_CONTENT_TYPES = {
  createContentType: {
    action: 'content-type.create',
    target: contentTypeTarget,
    changes: definitionChanges,
  },
  updateContentType: {
    action: 'content-type.update',
    target: contentTypeTarget,
    changes: definitionChanges,
  },
  deleteContentType: { action: 'content-type.delete', target: contentTypeTarget },
} satisfies Record<string, AuditedChange>

/** Components are audited as content types are, with their own actions and target kind. */
export const AUDITED_COMPONENTS = {
  createComponent: {
    action: 'component.create',
    target: componentTarget,
    changes: definitionChanges,
  },
  updateComponent: {
    action: 'component.update',
    target: componentTarget,
    changes: definitionChanges,
  },
  deleteComponent: { action: 'component.delete', target: componentTarget },
} satisfies Record<string, AuditedChange>

/** A locale list is set whole; its entry names the codes of the list set. */
export const AUDITED_LOCALES = {
  setLocales: {
    action: 'locales.set',
    target: () => ({ kind: 'locales' }),
    changes: (ctx) =>
      ((ctx.body as { locales?: { code: string }[] } | undefined)?.locales ?? []).map(
        (locale) => locale.code,
      ),
  },
} satisfies Record<string, AuditedChange>
