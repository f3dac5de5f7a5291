import type { ContentType } from '@cms/client'

/** A field as a content type's answer holds it. */
type FieldDefinition = ContentType['fields'][number]

/** A component as the website's `/api/components` answers it. */
export interface ComponentDefinition {
  name: string
  label?: string
  description?: string
  fields: readonly FieldDefinition[]
}

/** The member of a blocks item that names its component. */
const BLOCK_KEY = '__component'

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

const TYPE_SUFFIXES = ['', 'Data', 'Document', 'AllLocales']
const COMPONENT_SUFFIXES = ['Component', 'Block']

/**
 * Each name's interface stem, unique among the names `taken` (which it adds its own to): the
 * stem with each of `suffixes` is a name no other declaration has.
 */
function stemsOf(
  names: readonly string[],
  suffixes: readonly string[],
  taken: Set<string>,
): Map<string, string> {
  const stems = new Map<string, string>()
  for (const name of names) {
    const base = pascalCase(name)
    let stem = base
    for (let n = 2; suffixes.some((s) => taken.has(stem + s)); n++) stem = `${base}${n}`
    for (const suffix of suffixes) taken.add(stem + suffix)
    stems.set(name, stem)
  }
  return stems
}

interface FieldTyping {
  /** Content type name -> stem of `<Stem>Data` and `<Stem>Document`. */
  stems: Map<string, string>
  /** Component name -> stem of `<Stem>Component` and `<Stem>Block`. */
  components: Map<string, string>
}

/** A value of a component the website does not have: any object. */
const UNKNOWN_COMPONENT = '{ [member: string]: JsonValue }'

function blocksType(field: FieldDefinition, typing: FieldTyping): string {
  const items = (field.components ?? []).flatMap((name) => {
    const stem = typing.components.get(name)
    return stem ? [`${stem}Block`] : []
  })
  return items.length === 0
    ? `Array<{ ${BLOCK_KEY}: string; [member: string]: JsonValue }>`
    : `Array<${items.join(' | ')}>`
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
    case 'component': {
      const stem = field.component ? typing.components.get(field.component) : undefined
      const one = stem ? `${stem}Component` : UNKNOWN_COMPONENT
      return field.repeatable ? `Array<${one}>` : one
    }
    case 'blocks':
      return blocksType(field, typing)
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
  blocks: `a list of blocks, each naming its component in \`${BLOCK_KEY}\``,
}

/** What the field's type names: a relation's target, a component, a blocks field's components. */
function typeNote(field: FieldDefinition): string {
  if (field.type === 'relation' && field.target) return ` to \`${field.target}\``
  if (field.type === 'component' && field.component)
    return ` \`${field.component}\`${field.repeatable ? ', repeatable' : ''}`
  if (field.type === 'blocks')
    return ` of ${(field.components ?? []).map((n) => `\`${n}\``).join(', ')}`
  return ''
}

const commentText = (text: string): string => text.replace(/\*\//g, '* /')

function fieldComment(field: FieldDefinition, localized: boolean): string {
  const facts = [
    field.label && field.label !== field.name ? field.label : undefined,
    `\`${field.type}\`${typeNote(field)}`,
    FORMATS[field.type],
    field.unique ? 'unique' : undefined,
    localized ? 'localized' : undefined,
  ].filter(Boolean)
  return `  /** ${commentText(facts.join('; '))} */\n`
}

const isLocalized = (type: ContentType, field: FieldDefinition): boolean =>
  type.localized === true &&
  field.localized !== false &&
  field.type !== 'relation' &&
  field.type !== 'media'

/** An interface of `fields`; `localized` says of a field whether it is keyed by locale. */
function fieldsInterface(
  name: string,
  fields: readonly FieldDefinition[],
  typing: FieldTyping,
  localized: (field: FieldDefinition) => boolean = () => false,
): string {
  const members = fields.map((field) => {
    const value = valueType(field, typing)
    const shown = localized(field) ? `Localized<${value}>` : value
    return `${fieldComment(field, localized(field))}  ${field.name}${field.required ? '' : '?'}: ${shown}\n`
  })
  return `export interface ${name} {\n${members.join('')}}\n`
}

const dataInterface = (type: ContentType, name: string, typing: FieldTyping, allLocales: boolean) =>
  fieldsInterface(name, type.fields, typing, (field) => allLocales && isLocalized(type, field))

/** A component's value (`<Stem>Component`) and its value as a blocks item (`<Stem>Block`). */
function componentDeclarations(component: ComponentDefinition, typing: FieldTyping): string[] {
  const stem = typing.components.get(component.name)!
  const label =
    component.label && component.label !== component.name
      ? ` (${commentText(component.label)})`
      : ''
  return [
    `/** A value of component \`${component.name}\`${label}. */\n` +
      fieldsInterface(`${stem}Component`, component.fields, typing),
    `/** An item of a blocks field that is a \`${component.name}\`. */\n` +
      `export type ${stem}Block = ${stem}Component & { ${BLOCK_KEY}: ${literal(component.name)} }\n`,
  ]
}

const byName = (a: { name: string }, b: { name: string }) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0

/**
 * TypeScript declarations of a website's content types: per type `<Name>Data` (its `data` as
 * reads show it in one locale), `<Name>Document`, and for localized types `<Name>AllLocales`
 * (`data` read with `locale=*`); relations and media as id or populated value; per component
 * `<Name>Component` (its value) and `<Name>Block` (an item of a blocks field: the value with
 * `__component`), so a blocks field is a union told apart by `__component`.
 */
export function typeDeclarations(input: {
  website: { id: string; name: string }
  types: readonly ContentType[]
  components?: readonly ComponentDefinition[]
  locales: readonly string[]
}): string {
  const types = [...input.types].sort(byName)
  const components = [...(input.components ?? [])].sort(byName)
  const taken = new Set<string>(HELPER_NAMES)
  const typing: FieldTyping = {
    stems: stemsOf(
      types.map((type) => type.name),
      TYPE_SUFFIXES,
      taken,
    ),
    components: stemsOf(
      components.map((component) => component.name),
      COMPONENT_SUFFIXES,
      taken,
    ),
  }
  const locales = input.locales.length > 0 ? input.locales.map(literal).join(' | ') : 'string'
  const parts = [
    `// Generated by \`cms types --website ${input.website.id}\` for website ${literal(input.website.name)}.\n` +
      '// Do not edit: run the command again after the content types change.\n',
    HELPERS.replace('%LOCALES%', locales),
  ]
  for (const type of types) {
    const stem = typing.stems.get(type.name)!
    parts.push(
      `/** The \`data\` of content type \`${type.name}\`${type.label !== type.name ? ` (${commentText(type.label)})` : ''}. */\n` +
        dataInterface(type, `${stem}Data`, typing, false),
    )
    parts.push(`export type ${stem}Document = CmsDocument<${literal(type.name)}, ${stem}Data>\n`)
    if (type.localized)
      parts.push(
        `/** \`data\` of \`${type.name}\` read with \`locale=*\`: localized fields keyed by locale. */\n` +
          dataInterface(type, `${stem}AllLocales`, typing, true),
      )
  }
  for (const component of components) parts.push(...componentDeclarations(component, typing))
  const map = types.map(
    (type) => `  ${literal(type.name)}: ${typing.stems.get(type.name)}Document\n`,
  )
  parts.push(
    `/** Each content type's name and its documents. */\nexport interface ContentTypes {\n${map.join('')}}\n`,
    'export type AnyDocument = ContentTypes[keyof ContentTypes]\n',
  )
  return parts.join('\n')
}
