import { readFileSync } from 'node:fs'
import { parseAllDocuments } from 'yaml'
import type { Json } from './json.ts'

/** The documents of a YAML stream (`---` separated), empty ones left out. */
export function parseYamlStream(text: string, source: string): Json[] {
  return parseAllDocuments(text, { merge: true })
    .map((document) => {
      if (document.errors.length > 0) throw new Error(`${source}: ${document.errors[0]!.message}`)
      return document.toJS() as Json
    })
    .filter((document) => document !== null)
}

export const readYamlDocuments = (path: string): Json[] =>
  parseYamlStream(readFileSync(path, 'utf8'), path)
