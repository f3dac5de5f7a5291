import { Type } from '@sinclair/typebox'
import type { Static } from '@sinclair/typebox'
import { PAGE_LIMITS } from '../../limits.ts'
import { MESSAGE_KEYWORD } from '../message-keyword.ts'
import { ContentTypeName } from './names.ts'
import { StringEnum } from './schema-helpers.ts'

const BOOLEAN_TEXT = ['true', 'false'] as const

/** `name=true` or `name=false`; anything else (a list, no value) is "<name> must be true or false". */
export const Flag = (name: string, description: string) => {
  const message = `${name} must be true or false`
  return Type.Optional(
    StringEnum(BOOLEAN_TEXT, { description, [MESSAGE_KEYWORD]: { type: message, enum: message } }),
  )
}

/** A flag only `true` turns on; any other value, or a list, means no (as these always read it). */
const LaxFlag = (description: string) => Type.Optional(Type.Unsafe<unknown>({ description }))

/** `locale` once: a second one is refused; the code is checked against the website's locales. */
const OneLocale = (description: string) =>
  Type.Optional(
    Type.String({ description, [MESSAGE_KEYWORD]: { type: 'locale must be given once' } }),
  )

const Digits = (description: string) =>
  Type.Optional(Type.String({ pattern: '^[0-9]{1,16}$', description }))

/**
 * The text of an integer from 1 to `max` (a power of ten): at most 9 digits, leading zeros
 * allowed, refused as "must be an integer from 1 to <max>".
 */
function IntegerText(max: number, description: string) {
  const zeros = String(max).length - 1
  if (max !== 10 ** zeros) throw new Error(`IntegerText takes a power of ten, not ${max}`)
  const message = `must be an integer from 1 to ${max}`
  return Type.Optional(
    Type.String({
      pattern: `^(?=\\d{1,9}$)0*(?:[1-9]\\d{0,${zeros - 1}}|${max})$`,
      description,
      [MESSAGE_KEYWORD]: { type: message, pattern: message },
    }),
  )
}

/** `populate` in any of its forms: `*`, a comma list, a list, or an object of nested options. */
const Populate = Type.Union([
  Type.String(),
  Type.Array(Type.String()),
  Type.Record(Type.String(), Type.Unknown()),
])

/**
 * GET /api/content's query as `qs` parses it. The content service checks all of it, in one 422
 * with every problem (unknown parameters, page, draft, and the filter grammar, sort, fields and
 * populate against the website's content types), so the bracket filters are described loosely
 * here and the mount leaves the check to the service.
 */
export const ContentListQuery = Type.Object(
  {
    type: Type.Optional(ContentTypeName('Only documents of this type')),
    draft: Flag('draft', 'true: the latest versions, drafts included (admin keys)'),
    page: Digits('The page, from 1 (default 1)'),
    limit: Digits('Documents per page, 1 to 100 (default 20)'),
    pagination: Type.Optional(
      Type.Object(
        {
          page: Digits('Strapi spelling of page'),
          pageSize: Digits('Strapi spelling of limit'),
          withCount: Flag('pagination[withCount]', 'false: the page is not counted'),
        },
        { additionalProperties: false },
      ),
    ),
    sort: Type.Optional(
      Type.Union([Type.String(), Type.Array(Type.String())], {
        description: 'Comma list of paths, each optionally :asc or :desc or with a leading -',
      }),
    ),
    fields: Type.Optional(
      Type.Union([Type.String(), Type.Array(Type.String())], {
        description: 'Comma list of the members to answer with',
      }),
    ),
    populate: Type.Optional(Populate),
    locale: OneLocale('A locale of the website, or * for all'),
    filters: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description: 'filters[path][$operator]=value, with $and, $or and $not',
      }),
    ),
  },
  { additionalProperties: false },
)
export type ContentListQuery = Static<typeof ContentListQuery>

/**
 * GET /api/content/:id and /api/content/by-slug/:type/:slug. Other parameters are ignored;
 * `populate` is checked by the content service against the document's type, `locale` against
 * the website's locales.
 */
export const ContentReadQuery = Type.Object({
  draft: Flag('draft', 'true: the latest version, a draft included (admin keys)'),
  populate: Type.Optional(Populate),
  locale: OneLocale('A locale of the website, or * for all'),
})
export type ContentReadQuery = Static<typeof ContentReadQuery>

/** PATCH /api/content/:id (and what other changes of a document take of it). */
export const ContentWriteQuery = Type.Object({
  draft: Flag('draft', 'true: save a pending draft of a published document'),
  discardDraft: Flag('discardDraft', 'true: drop a pending draft while writing'),
  locale: OneLocale('The locale whose values data holds'),
})
export type ContentWriteQuery = Static<typeof ContentWriteQuery>

/** The changes of a document that answer with it: the locale it is shown in. */
export const ContentAnswerQuery = Type.Pick(ContentWriteQuery, ['locale'])
export type ContentAnswerQuery = Static<typeof ContentAnswerQuery>

/** DELETE /api/content/:id */
export const ForceQuery = Type.Object({
  force: Flag('force', 'true: go ahead although something still uses it'),
})
export type ForceQuery = Static<typeof ForceQuery>

/** DELETE /api/media/:id, PUT /api/locales: only `force=true` forces; other values do not. */
export const LaxForceQuery = Type.Object({
  force: LaxFlag('true: go ahead although something still uses it (any other value: no)'),
})
export type LaxForceQuery = Static<typeof LaxForceQuery>

/** The list endpoints of versions, referrers, webhook deliveries and media: a page. */
export const PageQuery = Type.Object({
  page: IntegerText(PAGE_LIMITS.maxPage, 'The page, from 1'),
  limit: IntegerText(PAGE_LIMITS.maxLimit, `Items per page (default ${PAGE_LIMITS.defaultLimit})`),
})
export type PageQuery = Static<typeof PageQuery>

/**
 * GET /api/media: a page, filtered by the media library's own filter grammar; the library checks
 * all of it in one 422, so the mount leaves the check to it.
 */
export const MediaListQuery = Type.Object(
  {
    ...PageQuery.properties,
    filters: Type.Optional(
      Type.Unsafe<Record<string, unknown>>({
        type: 'object',
        description: 'filters[id|mimeType|filename|createdAt|size][$operator]=value',
      }),
    ),
  },
  { additionalProperties: false },
)
export type MediaListQuery = Static<typeof MediaListQuery>

/** POST /admin/api/websites/import */
export const ImportQuery = Type.Object(
  { name: Type.String({ description: "The new website's name" }) },
  { additionalProperties: false },
)
export type ImportQuery = Static<typeof ImportQuery>
