import { writeFile } from 'node:fs/promises'
import type { CmsAdminClient } from '@cms/client'
import { required, UsageError } from './cli-command.ts'
import type { Command } from './cli-command.ts'
import { typeDeclarations } from './type-declarations.ts'

/** What `cms types` writes: the text and what a `--json` report names. */
interface Written {
  text: string
  names: string[]
  what: string
}

async function typeScriptOf(admin: CmsAdminClient, id: string): Promise<Written> {
  const [website, types, components, locales] = await Promise.all([
    admin.websites.get(id),
    admin.websites.contentTypes(id),
    admin.websites.components(id),
    admin.websites.locales(id),
  ])
  const text = typeDeclarations({
    website,
    types: types.docs,
    components: components.docs,
    locales: locales.locales.map((locale) => locale.code),
  })
  return { text, names: types.docs.map((type) => type.name), what: 'content types' }
}

async function graphqlOf(admin: CmsAdminClient, id: string): Promise<Written> {
  const [text, types] = await Promise.all([
    admin.websites.graphqlSchema(id),
    admin.websites.contentTypes(id),
  ])
  return { text, names: types.docs.map((type) => type.name), what: 'content types as GraphQL SDL' }
}

const FORMATS = { ts: typeScriptOf, graphql: graphqlOf }

export const TYPES_COMMAND: Command = {
  args: [],
  options: ['website', 'out', 'format'],
  requiredOptions: ['website'],
  summary:
    "Writes TypeScript declarations of a website's content types, or with --format graphql its GraphQL schema (to stdout, or --out <file>).",
  async run({ admin, values, websiteId }) {
    const format = values.format ?? 'ts'
    if (!Object.hasOwn(FORMATS, format))
      throw new UsageError(`--format is ts or graphql, not "${format}"`)
    const id = await websiteId(required(values.website, 'website'))
    const { text, names, what } = await FORMATS[format as keyof typeof FORMATS](admin, id)
    if (values.out === undefined) return { json: undefined, human: text, raw: true }
    await writeFile(values.out, text)
    return {
      json: { websiteId: id, file: values.out, format, contentTypes: names },
      human: `Wrote ${names.length} ${what} of website ${id} to ${values.out}\n`,
    }
  },
}
