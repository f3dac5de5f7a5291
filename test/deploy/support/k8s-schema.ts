import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { isObject } from './json.ts'
import type { Json } from './json.ts'

/**
 * Validation of a Kubernetes object offline, in two parts:
 * - kubernetes-models' JSON schema validators (types, formats, required fields, enums);
 * - unknown fields, which those schemas allow but the API server rejects (kubectl's default
 *   strict field validation): the field names come from the models' type declarations.
 */
const require = createRequire(import.meta.url)
const MODELS_ROOT = dirname(require.resolve('kubernetes-models'))
const APIMACHINERY_ROOT = dirname(
  createRequire(join(MODELS_ROOT, 'package.json')).resolve('@kubernetes-models/apimachinery'),
)

interface Shape {
  /** Field name -> the declaration file of its type, or null when its type is not an object. */
  fields: Map<string, string | null>
}

const shapes = new Map<string, Shape | null>()

function declarationPath(from: string, specifier: string): string {
  const apimachinery = '@kubernetes-models/apimachinery/'
  const base = specifier.startsWith(apimachinery)
    ? join(APIMACHINERY_ROOT, specifier.slice(apimachinery.length))
    : join(dirname(from), specifier)
  return `${base}.d.ts`
}

/** The fields of the first interface declared in a models declaration file. */
function shapeOf(file: string): Shape | null {
  if (shapes.has(file)) return shapes.get(file)!
  let shape: Shape | null = null
  if (existsSync(file)) {
    const text = readFileSync(file, 'utf8')
    const imports = new Map<string, string>()
    for (const match of text.matchAll(/^import \{ (\w+) \} from "([^"]+)";$/gm)) {
      imports.set(match[1]!, match[2]!)
    }
    const body = /^export interface \w+(?: extends [\w, ]+)? \{\n([\s\S]*?)^\}/m.exec(text)?.[1]
    if (body !== undefined) {
      shape = { fields: new Map() }
      for (const match of body.matchAll(/^ {4}"([^"]+)"\??: (.+?);?$/gm)) {
        const type = match[2]!
        const named = /^(?:Array<)?(\w+)>?$/.exec(type)?.[1]
        const specifier = named === undefined ? undefined : imports.get(named)
        shape.fields.set(
          match[1]!,
          specifier === undefined ? null : declarationPath(file, specifier),
        )
      }
    }
  }
  shapes.set(file, shape)
  return shape
}

function unknownFields(value: Json, file: string, path: string, problems: string[]): void {
  const shape = shapeOf(file)
  if (!shape) return
  const items = Array.isArray(value) ? value : [value]
  items.forEach((item, index) => {
    if (!isObject(item)) return
    const here = Array.isArray(value) ? `${path}[${index}]` : path
    for (const [key, child] of Object.entries(item)) {
      if (!shape.fields.has(key)) {
        problems.push(
          `${here}.${key} is not a field of ${file.split('/').slice(-1)[0]!.replace('.d.ts', '')}`,
        )
        continue
      }
      const childFile = shape.fields.get(key)
      if (childFile) unknownFields(child, childFile, `${here}.${key}`, problems)
    }
  })
}

/** Models live under their API version: `v1` for the core group, else `<group>/<version>`. */
function modelModule(apiVersion: string): { specifier: string; folder: string } {
  return { specifier: `kubernetes-models/${apiVersion}`, folder: join(MODELS_ROOT, apiVersion) }
}

/** Every problem the API server would find in the object's shape; empty when it is valid. */
export async function schemaProblems(
  resource: { apiVersion: string; kind: string } & Record<string, Json>,
): Promise<string[]> {
  const { specifier, folder } = modelModule(resource.apiVersion)
  const where = `${resource.kind} ${isObject(resource.metadata) ? String(resource.metadata.name) : '?'}`
  let models: Record<string, unknown>
  try {
    models = (await import(specifier)) as Record<string, unknown>
  } catch {
    return [`${where}: unknown apiVersion ${resource.apiVersion}`]
  }
  const Model = models[resource.kind] as (new (data: unknown) => { validate(): void }) | undefined
  if (!Model) return [`${where}: ${resource.apiVersion} has no kind ${resource.kind}`]
  const problems: string[] = []
  try {
    new Model(resource).validate()
  } catch (error) {
    problems.push(`${where}: ${(error as Error).message}`)
  }
  const found: string[] = []
  unknownFields(resource, join(folder, `${resource.kind}.d.ts`), '', found)
  problems.push(...found.map((problem) => `${where}: ${problem}`))
  return problems
}
