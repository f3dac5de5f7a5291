import { Type } from '@sinclair/typebox'
import type { Static } from '@sinclair/typebox'
import { ContentTypeName } from './names.ts'
import { StringEnum } from './schema-helpers.ts'

const BOOLEAN_TEXT = ['true', 'false'] as const
const Flag = (description: string) => Type.Optional(StringEnum(BOOLEAN_TEXT, { description }))
const Digits = (description: string) =>
  Type.Optional(Type.String({ pattern: '^[0-9]{1,16}$', description }))

/** `populate` in any of its forms: `*`, a comma list, a list, or an object of nested options. */
const Populate = Type.Union([
  Type.String(),
  Type.Array(Type.String()),
  Type.Record(Type.String(), Type.Unknown()),
])

/**
 * GET /api/content's query as `qs` parses it. The bracket filters keep their own typed grammar
 * (the content service's filter validator); they are described loosely here.
 */
export const ContentListQuery = Type.Object(
  {
    type: Type.Optional(ContentTypeName('Only documents of this type')),
    draft: Flag('true: the latest versions, drafts included (admin keys)'),
    page: Digits('The page, from 1 (default 1)'),
    limit: Digits('Documents per page, 1 to 100 (default 20)'),
    pagination: Type.Optional(
      Type.Object(
        {
          page: Digits('Strapi spelling of page'),
          pageSize: Digits('Strapi spelling of limit'),
          withCount: Flag('false: the page is not counted'),
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
    locale: Type.Optional(Type.String({ description: 'A locale of the website, or * for all' })),
    filters: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description: 'filters[path][$operator]=value, with $and, $or and $not',
      }),
    ),
  },
  { additionalProperties: false },
)
export type ContentListQuery = Static<typeof ContentListQuery>

/** GET /api/content/:id and /api/content/by-slug/:type/:slug */
export const ContentReadQuery = Type.Object(
  {
    draft: Flag('true: the latest version, a draft included (admin keys)'),
    populate: Type.Optional(Populate),
    locale: Type.Optional(Type.String({ description: 'A locale of the website, or * for all' })),
  },
  { additionalProperties: false },
)
export type ContentReadQuery = Static<typeof ContentReadQuery>

/** PATCH /api/content/:id */
export const ContentWriteQuery = Type.Object(
  {
    draft: Flag('true: save a pending draft of a published document'),
    discardDraft: Flag('true: drop a pending draft while writing'),
    locale: Type.Optional(Type.String({ description: 'The locale whose values data holds' })),
  },
  { additionalProperties: false },
)
export type ContentWriteQuery = Static<typeof ContentWriteQuery>

/** DELETE /api/content/:id, DELETE /api/media/:id, PUT /api/locales */
export const ForceQuery = Type.Object(
  { force: Flag('true: go ahead although something still uses it') },
  { additionalProperties: false },
)
export type ForceQuery = Static<typeof ForceQuery>

/** The list endpoints of webhooks, deliveries and media: a page. */
export const PageQuery = Type.Object(
  { page: Digits('The page, from 1'), limit: Digits('Items per page') },
  { additionalProperties: false },
)
export type PageQuery = Static<typeof PageQuery>

/** GET /api/media: a page, filtered by the media service's own filter grammar. */
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
