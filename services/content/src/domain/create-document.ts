import { randomUUID } from 'node:crypto'
import { validatedData } from '@cms/content-model'
import { ForbiddenError, ValidationError } from '@cms/errors'
import type { AuditRecord } from '@cms/audit'
import { keyedCreate } from '@cms/http'
import type { Caller } from '@cms/http'
import type { DocumentStore } from '../document/document-store.ts'
import type { ContentTypeCatalog } from './content-types.ts'
import type { DocumentData, StoredDocument } from '../document/document.ts'
import { requireRelationTargets } from './relations.ts'
import { withRefs } from '../document/relations.ts'
import { withUniques } from '../document/unique-values.ts'
import type { MediaLookup } from './relations.ts'
import { deriveSlug } from '../document/slug.ts'
import { askedLocale } from './locale-param.ts'
import {
  localeSlugBase,
  presentLocales,
  requireSharedValuesShared,
  typeLocales,
  validatorTypeFor,
  withOwnValues,
} from '../document/localized-content.ts'
import { eventLocaleOf } from '../document/entry-event.ts'
import { callSees } from './visible-types.ts'

export interface CreateDocumentInput {
  caller: Caller
  type: string
  data: DocumentData
  slug?: string
  /** `locale=`: the locale whose values `data` holds (the website default when absent). */
  locale?: string
  /** The request's write key (`writeKeyOf`): a retry answers the document the first one made. */
  writeKey?: string
  /** The change's audit record (none with `AUDIT_LOG=off`). */
  audit?: AuditRecord | undefined
}

export function createDocumentCreator(deps: {
  catalog: ContentTypeCatalog
  store: Pick<DocumentStore, 'create' | 'findMany' | 'findDocument'>
  media: Pick<MediaLookup, 'existing'>
  clock: () => Date
  newId?: () => string
}) {
  const newId = deps.newId ?? randomUUID

  /**
   * A new draft, version 1, with the slug sent or derived from its data. A keyed create makes
   * the id its key gives, so a retry of one that committed finds its document (one query more);
   * once the key has expired, the same request makes a new document with an id of its own.
   */
  return async function createDocument(input: CreateDocumentInput): Promise<StoredDocument> {
    const { caller, writeKey } = input
    requireCreatableType(caller, input.type)
    const keyed = await keyedCreate(writeKey, {
      now: deps.clock(),
      find: (id) => deps.store.findDocument(caller.websiteId, id),
      madeAt: (made) => made.createdAt,
    })
    if (keyed.made) return keyed.made
    const found = await deps.catalog.current(caller, input.type)
    if (!found) throw ValidationError.single('type', `Unknown content type "${input.type}"`)
    const { type: contentType } = found
    const code = askedLocale(input.locale, found.locales, { all: false })
    const at = typeLocales(contentType, found.locales)
    requireSharedValuesShared(contentType, at, input.data)
    const values = validatedData(validatorTypeFor(contentType, at, code), input.data)
    const content = withOwnValues({ data: {} }, at, code, values)
    const { data } = content
    await requireRelationTargets(deps, {
      caller,
      type: contentType,
      data,
    })
    const id = keyed.id ?? newId()
    const now = deps.clock()
    const inDefault = code === at.defaultCode
    const localeSlug =
      inDefault || at.names.size === 0
        ? undefined
        : input.slug !== undefined
          ? { exact: input.slug }
          : optionalBase(localeSlugBase(contentType, at, values))
    const localized = at.names.size > 0
    const created = await deps.store.create({
      documentId: id,
      changedBy: caller.keyId,
      ...(input.audit && { audit: input.audit }),
      slug:
        input.slug === undefined || !inDefault
          ? { derivedFrom: deriveSlug(contentType, data, id) }
          : { exact: input.slug },
      ...(localeSlug ? { localeSlugs: { [code]: localeSlug } } : {}),
      ...(localized ? { eventLocale: eventLocaleOf(at, input.locale) } : {}),
      state: withUniques(
        withRefs(
          {
            websiteId: caller.websiteId,
            type: contentType.name,
            status: 'draft',
            authorId: caller.keyId,
            publishedAt: null,
            createdAt: now,
            updatedAt: now,
            version: 1,
            ...(writeKey === undefined ? {} : { writeKey }),
            data,
            ...(content.locales ? { locales: content.locales } : {}),
            ...(localized ? { localesPresent: presentLocales(content, at) } : {}),
          },
          contentType,
        ),
        contentType,
      ),
    })
    return created
  }
}

/** A type the call may not create is refused as the gateway refuses one a request names. */
function requireCreatableType(caller: Caller, type: string): void {
  if (callSees(caller, type)) return
  throw new ForbiddenError(`This request needs the create permission on ${type}`, {
    details: [{ path: 'permission', message: 'create' }],
  })
}

const optionalBase = (base: string | undefined) =>
  base === undefined ? undefined : { derivedFrom: base }
