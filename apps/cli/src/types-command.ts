import { writeFile } from 'node:fs/promises'
import { required } from './cli-command.ts'
import type { Command } from './cli-command.ts'
import { typeDeclarations } from './type-declarations.ts'

export const TYPES_COMMAND: Command = {
  args: [],
  options: ['website', 'out'],
  requiredOptions: ['website'],
  summary:
    "Writes TypeScript declarations of a website's content types (to stdout, or --out <file>).",
  async run({ admin, values, websiteId }) {
    const id = await websiteId(required(values.website, 'website'))
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
    const names = types.docs.map((type) => type.name)
    if (values.out === undefined) return { json: undefined, human: text, raw: true }
    await writeFile(values.out, text)
    return {
      json: { websiteId: id, file: values.out, contentTypes: names },
      human: `Wrote ${names.length} content types of website ${id} to ${values.out}\n`,
    }
  },
}
