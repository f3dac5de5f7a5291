import type { ContentType } from '@cms/client'

/** A field as a content type's answer holds it. */
type FieldDefinition = ContentType['fields'][number]

/** Names the file declares itself; a content type whose name would repeat one gets a suffix. */
const HELPER_NAMES = [
  'LocaleCode',
  'Localized',
  'JsonValue',
  'RichText',
  'MediaFile',
  'CmsDocument',
  'ContentTypes',
  'AnyDocument',
] as const

const HELPERS = `/** The website's locale codes. */
export type LocaleCode = %LOCALES%

/** A localized field read with \`locale=*\`: its value in each locale that has one. */
export type Localized<T> = { [Code in LocaleCode]?: T }

export type JsonValue =
  | string
  | number
  | boolean
  | null
  | JsonValue[]
  | { [member: string]: JsonValue }

/** A \`richText\` value: an object with a string \`type\` and a \`content\` array. */
export interface RichText {
  type: string
  content: JsonValue[]
  [member: string]: JsonValue
}

/** A media file, as \`populate\` shows it in place of its id. */
export interface MediaFile {
  id: string
  filename: string
  mimeType: string
  size: number
  width: number | null
  height: number | null
  alt: string | null
  caption: string | null
  sha256: string
  url: string
  createdAt: string
  updatedAt: string
}

/** A document of content type \`Type\` whose \`data\` is \`Data\`. */
export interface CmsDocument<Type extends string, Data> {
  id: string
  type: Type
  slug: string
  status: 'draft' | 'published'
  authorId: string
  publishedAt: string | null
  data: Data
  createdAt: string
  updatedAt: string
  version: number
  hasPendingDraft?: boolean
  scheduledPublishAt?: string | null
  scheduledUnpublishAt?: string | null
  locale?: LocaleCode
  localesPresent?: LocaleCode[]
  slugs?: Localized<string>
}
`

/** `blog-post` -> `BlogPost`. */
function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('')
}

const literal = (value: string): string => JSON.stringify(value)

/** Each type's interface stem, unique among the stems and the helpers' names. */
function stemsOf(types: readonly ContentType[]): Map<string, string> {
  const taken = new Set<string>(HELPER_NAMES)
  const stems = new Map<string, string>()
  for (const type of types) {
    const base = pascalCase(type.name)
    let stem = base
    for (let n = 2; ['', 'Data', 'Document', 'AllLocales'].some((s) => taken.has(stem + s)); n++)
      stem = `${base}${n}`
    for (const suffix of ['', 'Data', 'Document', 'AllLocales']) taken.add(stem + suffix)
    stems.set(type.name, stem)
  }
  return stems
}

interface FieldTyping {
  stems: Map<string, string>
}

/** The TypeScript type of one field's value as a read shows it. */
function valueType(field: FieldDefinition, typing: FieldTyping): string {
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'email':
    case 'url':
    case 'date':
    case 'datetime':
      return 'string'
    case 'richText':
      return 'RichText'
    case 'tags':
      return 'string[]'
    case 'number':
    case 'integer':
      return 'number'
    case 'boolean':
      return 'boolean'
    case 'select':
      return field.options && field.options.length > 0
        ? field.options.map(literal).join(' | ')
        : 'string'
    case 'json':
      return 'JsonValue'
    case 'relation': {
      const stem = field.target ? typing.stems.get(field.target) : undefined
      const target = stem ? `${stem}Document` : 'CmsDocument<string, Record<string, unknown>>'
      return field.many ? `(string | ${target})[]` : `string | ${target} | null`
    }
    case 'media':
      return field.many ? '(string | MediaFile)[]' : 'string | MediaFile | null'
  }
}

const FORMATS: Partial<Record<FieldDefinition['type'], string>> = {
  date: 'YYYY-MM-DD',
  datetime: 'ISO 8601',
  email: 'an e-mail address',
  url: 'a URL',
  integer: 'an integer',
  relation: 'the id, or the document with populate',
  media: 'the media id, or the file with populate',
}

function fieldComment(field: FieldDefinition, localized: boolean): string {
  const facts = [
    field.label && field.label !== field.name ? field.label : undefined,
    `\`${field.type}\`${field.type === 'relation' && field.target ? ` to \`${field.target}\`` : ''}`,
    FORMATS[field.type],
    localized ? 'localized' : undefined,
  ].filter(Boolean)
  return `  /** ${facts.join('; ').replace(/\*\//g, '* /')} */\n`
}

const isLocalized = (type: ContentType, field: FieldDefinition): boolean =>
  type.localized === true &&
  field.localized !== false &&
  field.type !== 'relation' &&
  field.type !== 'media'

function dataInterface(
  type: ContentType,
  name: string,
  typing: FieldTyping,
  allLocales: boolean,
): string {
  const members = type.fields.map((field) => {
    const localized = isLocalized(type, field)
    const value = valueType(field, typing)
    const shown = allLocales && localized ? `Localized<${value}>` : value
    return `${fieldComment(field, localized)}  ${field.name}${field.required ? '' : '?'}: ${shown}\n`
  })
  return `export interface ${name} {\n${members.join('')}}\n`
}

/**
 * TypeScript declarations of a website's content types: per type `<Name>Data` (its `data` as
 * reads show it in one locale), `<Name>Document`, and for localized types `<Name>AllLocales`
 * (`data` read with `locale=*`); relations and media as id or populated value.
 */
export function typeDeclarations(input: {
  website: { id: string; name: string }
  types: readonly ContentType[]
  locales: readonly string[]
}): string {
  const types = [...input.types].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  const typing: FieldTyping = { stems: stemsOf(types) }
  const locales = input.locales.length > 0 ? input.locales.map(literal).join(' | ') : 'string'
  const parts = [
    `// Generated by \`cms types --website ${input.website.id}\` for website ${literal(input.website.name)}.\n` +
      '// Do not edit: run the command again after the content types change.\n',
    HELPERS.replace('%LOCALES%', locales),
  ]
  for (const type of types) {
    const stem = typing.stems.get(type.name)!
    parts.push(
      `/** The \`data\` of content type \`${type.name}\`${type.label !== type.name ? ` (${type.label.replace(/\*\//g, '* /')})` : ''}. */\n` +
        dataInterface(type, `${stem}Data`, typing, false),
    )
    parts.push(`export type ${stem}Document = CmsDocument<${literal(type.name)}, ${stem}Data>\n`)
    if (type.localized)
      parts.push(
        `/** \`data\` of \`${type.name}\` read with \`locale=*\`: localized fields keyed by locale. */\n` +
          dataInterface(type, `${stem}AllLocales`, typing, true),
      )
  }
  const map = types.map(
    (type) => `  ${literal(type.name)}: ${typing.stems.get(type.name)}Document\n`,
  )
  parts.push(
    `/** Each content type's name and its documents. */\nexport interface ContentTypes {\n${map.join('')}}\n`,
    'export type AnyDocument = ContentTypes[keyof ContentTypes]\n',
  )
  return parts.join('\n')
}
