import { validatedData } from '@cms/content-model'
import type { ContentType } from '@cms/content-model'
import type { ChangeResult } from '../document/change-request.ts'
import type { DocumentData } from '../document/document.ts'
import type { DocumentStore } from '../document/document-store.ts'
import type { ContentTypeCatalog } from './content-types.ts'
import { typeLoader } from './type-loader.ts'
import { askedLocale } from './locale-param.ts'
import {
  keptLocaleSlugs,
  localeSlugBase,
  ownValues,
  requireSharedValuesShared,
  typeLocales,
  validatorTypeFor,
  withLocalesPresent,
  withoutLocaleMembers,
  withOwnValues,
} from '../document/localized-content.ts'
import { eventLocaleOf } from '../document/entry-event.ts'
import type { LocalizedContent, TypeLocales } from '../document/localized-content.ts'
import { changeOf } from './document-change.ts'
import type { DocumentChangeInput } from './document-change.ts'
import { withoutPendingDraft } from '../document/document.ts'
import {
  declaredOnly,
  pendingDraftConflict,
  slugInPendingDraft,
} from '../document/pending-draft.ts'
import { mergeData } from './merge-patch.ts'
import { nextState } from '../document/next-state.ts'
import { requireRelationTargets } from './relations.ts'
import { withRefs } from '../document/relations.ts'
import { withUniques } from '../document/unique-values.ts'
import type { MediaLookup } from './relations.ts'

export interface UpdateDocumentInput extends DocumentChangeInput {
  /** JSON Merge Patch on `data`. */
  data?: DocumentData
  slug?: string
  /** `?draft=true`: on a published document, saves the change as its pending draft. */
  draft?: boolean
  /** `?discardDraft=true`: a live change that drops the pending draft (else 409). */
  discardDraft?: boolean
  /** `locale=`: the locale whose values `data` changes (the website default when absent). */
  locale?: string
}

export function createDocumentUpdater(deps: {
  catalog: ContentTypeCatalog
  store: Pick<DocumentStore, 'change' | 'findMany'>
  media: Pick<MediaLookup, 'existing'>
}) {
  /**
   * Merges `data` into what it edits (the pending draft, or the live data), drops values of
   * fields the type no longer declares, validates the result against the type as it is now,
   * keeps the slug unless one is sent.
   */
  return async function updateDocument(input: UpdateDocumentInput): Promise<ChangeResult> {
    const { caller } = input
    const loadType = typeLoader(deps.catalog, caller)
    /** The content after the merge patch, in the locale written. */
    const checkedContent = async (
      type: ContentType,
      at: TypeLocales,
      code: string,
      base: LocalizedContent,
    ) => {
      const own = ownValues(base, at, code)
      requireSharedValuesShared(type, at, input.data ?? {})
      const values = validatedData(
        validatorTypeFor(type, at, code),
        mergeData(declaredOnly(type, own), input.data ?? {}),
      )
      await requireRelationTargets(deps, {
        caller,
        type,
        data: values,
        kept: own,
      })
      return { content: withOwnValues(base, at, code, values), values }
    }
    return deps.store.change(
      changeOf(input, async (current, now) => {
        const { type: contentType, locales } = await loadType(current.type)
        const code = askedLocale(input.locale, locales, { all: false })
        const at = typeLocales(contentType, locales)
        const localized = at.names.size > 0
        const eventLocale = localized ? { eventLocale: eventLocaleOf(at, input.locale) } : {}
        const live: LocalizedContent = { data: current.data, locales: current.locales }
        if (input.draft && current.status === 'published') {
          if (input.slug !== undefined) throw slugInPendingDraft()
          const { content } = await checkedContent(
            contentType,
            at,
            code,
            current.pendingDraft ?? live,
          )
          const pendingDraft = { ...content, updatedAt: now }
          const state = nextState(current, now, { pendingDraft })
          return {
            reason: 'draft',
            state: withUniques(
              withRefs(withLocalesPresent(state, at, [live, content]), contentType),
              contentType,
            ),
            ...eventLocale,
          }
        }
        if (current.pendingDraft && !input.discardDraft) throw pendingDraftConflict(current._id)
        const { content, values } = await checkedContent(contentType, at, code, live)
        const inDefault = code === at.defaultCode || !localized
        const slugs = keptLocaleSlugs(current.slugs, at, {
          code,
          slug: inDefault ? undefined : input.slug,
        })
        const base =
          inDefault || slugs?.[code] ? undefined : localeSlugBase(contentType, at, values)
        const state = withoutLocaleMembers(
          withoutPendingDraft(
            nextState(current, now, {
              ...content,
              slug: (inDefault ? input.slug : undefined) ?? current.slug,
              ...(slugs ? { slugs } : {}),
            }),
          ),
          { content, slugs },
        )
        return {
          reason: 'update',
          state: withUniques(
            withRefs(localized ? withLocalesPresent(state, at, [content]) : state, contentType),
            contentType,
          ),
          ...(base === undefined ? {} : { derivedSlugs: { [code]: base } }),
          ...eventLocale,
        }
      }),
    )
  }
}
