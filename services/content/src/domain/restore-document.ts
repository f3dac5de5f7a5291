import { validatedData } from '@cms/content-model'
import { NotFoundError } from '@cms/errors'
import type { ChangeResult } from '../document/change-request.ts'
import type { DocumentStore } from '../document/document-store.ts'
import type { ContentTypeCatalog } from './content-types.ts'
import { findOwnedDocument } from './document-access.ts'
import { changeOf } from './document-change.ts'
import type { DocumentChangeInput } from './document-change.ts'
import { withoutPendingDraft } from '../document/document.ts'
import { versionNumberOf } from '../document/version-id.ts'
import { versionData, versionLocales } from '../document/api-shape.ts'
import { declaredOnly, pendingDraftConflict } from '../document/pending-draft.ts'
import { nextState } from '../document/next-state.ts'
import { requireRelationTargets } from './relations.ts'
import { withRefs } from '../document/relations.ts'
import { withUniques } from '../document/unique-values.ts'
import type { MediaLookup } from './relations.ts'
import { typeLoader } from './type-loader.ts'
import {
  keptLocaleSlugs,
  typeLocales,
  withLocalesPresent,
  withoutLocaleMembers,
  withOwnValues,
} from '../document/localized-content.ts'
import { eventLocaleOf } from '../document/entry-event.ts'

export interface RestoreDocumentInput extends DocumentChangeInput {
  versionId: string
  /** A restore changes the live document: with a pending draft it is 409 unless this is set. */
  discardDraft?: boolean
}

export function createDocumentRestorer(deps: {
  catalog: ContentTypeCatalog
  store: Pick<DocumentStore, 'findDocument' | 'findVersion' | 'change' | 'findMany'>
  media: Pick<MediaLookup, 'existing'>
}) {
  /**
   * Copies a version's data and slug into the document as a new version (reason `restore`,
   * event `entry.update`); the status stays. The data must still fit the type as it is now.
   */
  return async function restoreDocument(input: RestoreDocumentInput): Promise<ChangeResult> {
    const { caller } = input
    await findOwnedDocument(deps.store, caller, input.id)
    const number = versionNumberOf(input.id, input.versionId)
    const record =
      number === undefined ? null : await deps.store.findVersion(caller.websiteId, input.id, number)
    if (!record || record.websiteId !== caller.websiteId || record.reason === 'delete') {
      throw new NotFoundError(`No version ${input.versionId} of document ${input.id}`)
    }
    const loadType = typeLoader(deps.catalog, caller)
    return deps.store.change(
      changeOf(input, async (current, now) => {
        if (current.pendingDraft && !input.discardDraft) throw pendingDraftConflict(input.id)
        const { type: contentType, locales } = await loadType(current.type)
        const at = typeLocales(contentType, locales)
        const data = validatedData(contentType, declaredOnly(contentType, versionData(record)))
        const held = versionLocales(record)
        const content = withOwnValues(
          { data, ...(held ? { locales: held } : {}) },
          at,
          at.defaultCode,
          data,
        )
        const slugs = keptLocaleSlugs(record.state.slugs, at, {
          code: at.defaultCode,
          slug: undefined,
        })
        await requireRelationTargets(deps, {
          caller,
          type: contentType,
          data,
          kept: current.data,
        })
        return {
          reason: 'restore',
          state: withUniques(
            withRefs(
              withLocalesPresent(
                withoutLocaleMembers(
                  withoutPendingDraft(nextState(current, now, { data, slug: record.state.slug })),
                  { content, slugs },
                ),
                at,
                [content],
              ),
              contentType,
            ),
            contentType,
          ),
          ...(at.names.size > 0 ? { eventLocale: eventLocaleOf(at, undefined) } : {}),
        }
      }),
    )
  }
}
