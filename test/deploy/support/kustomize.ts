import { createHash } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { parseAllDocuments } from 'yaml'
import { clone, isObject, strategicMerge } from './strategic-merge.ts'
import type { Json, JsonObject } from './strategic-merge.ts'

/**
 * `kustomize build` for the subset of kustomize that k8s/ uses, so the tests can validate what
 * `kubectl apply -k` would send without a kustomize binary: resources, namespace, labels,
 * images, patches (strategic merge, by the patch's own kind and name or by a target),
 * configMapGenerator and secretGenerator (create and merge) with name hashes and the references
 * to them rewritten. A field outside this subset throws.
 */
export interface Resource extends JsonObject {
  apiVersion: string
  kind: string
  metadata: JsonObject & { name: string }
}

export interface BuildOptions {
  /** Content for an env file that does not exist (the user creates it); undefined: fail. */
  missingEnvFile?: (path: string) => string | undefined
}

interface Item {
  resource: Resource
  /** Set for generated ConfigMaps and Secrets: the name before the hash suffix. */
  generatedName?: string
}

const KNOWN_FIELDS = new Set([
  'apiVersion',
  'kind',
  'resources',
  'namespace',
  'labels',
  'images',
  'patches',
  'configMapGenerator',
  'secretGenerator',
])

const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'PriorityClass'])

export function readYamlDocuments(path: string): Json[] {
  return parseAllDocuments(readFileSync(path, 'utf8'), { merge: true })
    .map((document) => {
      if (document.errors.length > 0) throw new Error(`${path}: ${document.errors[0]!.message}`)
      return document.toJS() as Json
    })
    .filter((document) => document !== null)
}

function asResource(value: Json, source: string): Resource {
  if (!isObject(value) || typeof value.apiVersion !== 'string' || typeof value.kind !== 'string') {
    throw new Error(`${source}: not a Kubernetes object`)
  }
  if (!isObject(value.metadata) || typeof value.metadata.name !== 'string') {
    throw new Error(`${source}: ${value.kind} without metadata.name`)
  }
  return value as Resource
}

function list(value: Json | undefined, what: string): Json[] {
  if (value === undefined) return []
  if (!Array.isArray(value)) throw new Error(`${what} must be a list`)
  return value
}

function parseEnvFile(text: string): Record<string, string> {
  const entries: Record<string, string> = {}
  for (const line of text.split('\n')) {
    const trimmed = line.trim()
    if (trimmed === '' || trimmed.startsWith('#')) continue
    const equals = trimmed.indexOf('=')
    if (equals < 1) throw new Error(`env file line without KEY=: ${trimmed}`)
    entries[trimmed.slice(0, equals)] = trimmed.slice(equals + 1)
  }
  return entries
}

function generatorData(
  generator: JsonObject,
  dir: string,
  options: BuildOptions,
): Record<string, string> {
  const data: Record<string, string> = {}
  for (const key of Object.keys(generator)) {
    if (!['name', 'behavior', 'literals', 'envs', 'files', 'type'].includes(key)) {
      throw new Error(`generator field ${key} is not supported here`)
    }
  }
  for (const envPath of list(generator.envs, 'envs')) {
    const path = join(dir, String(envPath))
    const text = existsSync(path) ? readFileSync(path, 'utf8') : options.missingEnvFile?.(path)
    if (text === undefined) throw new Error(`${path} does not exist`)
    Object.assign(data, parseEnvFile(text))
  }
  for (const literal of list(generator.literals, 'literals')) {
    Object.assign(data, parseEnvFile(String(literal)))
  }
  for (const file of list(generator.files, 'files')) {
    const [key, path] = String(file).includes('=') ? String(file).split('=') : [undefined, file]
    const resolved = resolve(dir, String(path))
    // As kustomize's default load restrictor: files below the kustomization only.
    if (!resolved.startsWith(`${resolve(dir)}/`))
      throw new Error(`${resolved} is not in or below ${dir}`)
    data[key ?? basename(resolved)] = readFileSync(resolved, 'utf8')
  }
  return data
}

function generate(
  kind: 'ConfigMap' | 'Secret',
  generator: Json,
  dir: string,
  items: Item[],
  options: BuildOptions,
): void {
  if (!isObject(generator) || typeof generator.name !== 'string')
    throw new Error(`${kind} generator without a name`)
  const name = generator.name
  const data = generatorData(generator, dir, options)
  const behavior = generator.behavior ?? 'create'
  const existing = items.find((item) => item.resource.kind === kind && item.generatedName === name)
  if (behavior === 'merge' || behavior === 'replace') {
    if (!existing)
      throw new Error(`${kind} ${name}: behavior ${behavior} but nothing to ${behavior}`)
    const current = behavior === 'merge' ? decode(kind, existing.resource.data) : {}
    existing.resource.data = encode(kind, { ...current, ...data })
    return
  }
  if (behavior !== 'create')
    throw new Error(`generator behavior ${String(behavior)} is not supported`)
  if (existing) throw new Error(`${kind} ${name} is generated twice`)
  const resource: Resource = {
    apiVersion: 'v1',
    kind,
    metadata: { name },
    data: encode(kind, data),
  }
  if (kind === 'Secret')
    resource.type = typeof generator.type === 'string' ? generator.type : 'Opaque'
  items.push({ resource, generatedName: name })
}

function encode(kind: string, data: Record<string, string>): JsonObject {
  if (kind === 'ConfigMap') return { ...data }
  return Object.fromEntries(
    Object.entries(data).map(([k, v]) => [k, Buffer.from(v).toString('base64')]),
  )
}

function decode(kind: string, data: Json | undefined): Record<string, string> {
  if (!isObject(data)) return {}
  const entries = Object.entries(data).map(([k, v]) => [k, String(v)] as const)
  if (kind === 'ConfigMap') return Object.fromEntries(entries)
  return Object.fromEntries(entries.map(([k, v]) => [k, Buffer.from(v, 'base64').toString()]))
}

function matchesTarget(resource: Resource, target: JsonObject): boolean {
  for (const key of Object.keys(target)) {
    if (!['kind', 'name'].includes(key))
      throw new Error(`patch target field ${key} is not supported here`)
  }
  const full = (pattern: Json | undefined, value: string) =>
    pattern === undefined || new RegExp(`^(?:${String(pattern)})$`).test(value)
  return full(target.kind, resource.kind) && full(target.name, resource.metadata.name)
}

function applyPatches(patches: Json[], dir: string, items: Item[]): void {
  for (const entry of patches) {
    if (!isObject(entry)) throw new Error('a patch must be a map')
    for (const key of Object.keys(entry)) {
      if (!['path', 'patch', 'target'].includes(key))
        throw new Error(`patch field ${key} is not supported here`)
    }
    const documents =
      typeof entry.path === 'string'
        ? readYamlDocuments(join(dir, entry.path))
        : typeof entry.patch === 'string'
          ? parseAllDocuments(entry.patch).map((document) => document.toJS() as Json)
          : []
    if (documents.length !== 1) throw new Error('a patch must hold exactly one document')
    const patch = asResource(documents[0]!, String(entry.path ?? 'inline patch'))
    const target = isObject(entry.target) ? entry.target : undefined
    const matches = items.filter((item) =>
      target
        ? matchesTarget(item.resource, target)
        : item.resource.kind === patch.kind && item.resource.metadata.name === patch.metadata.name,
    )
    if (matches.length === 0)
      throw new Error(`patch ${String(entry.path ?? '')} matches no resource`)
    const body: JsonObject = clone(patch)
    if (target) {
      const metadata = clone(patch.metadata) as JsonObject
      delete metadata.name
      body.metadata = metadata
    }
    for (const item of matches) item.resource = strategicMerge(item.resource, body) as Resource
  }
}

function setNamespace(items: Item[], namespace: string): void {
  for (const { resource } of items) {
    if (!CLUSTER_SCOPED.has(resource.kind)) resource.metadata.namespace = namespace
  }
}

function addLabels(items: Item[], entries: Json[]): void {
  for (const entry of entries) {
    if (!isObject(entry) || !isObject(entry.pairs)) throw new Error('labels entries need pairs')
    if (entry.includeSelectors === true)
      throw new Error('labels with includeSelectors are not supported here')
    const pairs = entry.pairs
    for (const { resource } of items) {
      resource.metadata.labels = {
        ...(isObject(resource.metadata.labels) ? resource.metadata.labels : {}),
        ...pairs,
      }
      const template =
        isObject(resource.spec) && isObject(resource.spec.template)
          ? resource.spec.template
          : undefined
      if (entry.includeTemplates === true && template) {
        const metadata = isObject(template.metadata) ? template.metadata : {}
        metadata.labels = { ...(isObject(metadata.labels) ? metadata.labels : {}), ...pairs }
        template.metadata = metadata
      }
    }
  }
}

function splitImage(image: string): { name: string; suffix: string } {
  const at = image.indexOf('@')
  if (at !== -1) return { name: image.slice(0, at), suffix: image.slice(at) }
  const colon = image.lastIndexOf(':')
  if (colon > image.lastIndexOf('/'))
    return { name: image.slice(0, colon), suffix: image.slice(colon) }
  return { name: image, suffix: '' }
}

function containersOf(resource: Resource): JsonObject[] {
  const template =
    isObject(resource.spec) && isObject(resource.spec.template) ? resource.spec.template : undefined
  const spec = template && isObject(template.spec) ? template.spec : undefined
  if (!spec) return []
  return [
    ...list(spec.containers, 'containers'),
    ...list(spec.initContainers, 'initContainers'),
  ].filter(isObject)
}

function setImages(items: Item[], images: Json[]): void {
  for (const entry of images) {
    if (!isObject(entry) || typeof entry.name !== 'string')
      throw new Error('images entries need a name')
    for (const { resource } of items) {
      for (const container of containersOf(resource)) {
        if (typeof container.image !== 'string') continue
        const { name, suffix } = splitImage(container.image)
        if (name !== entry.name) continue
        const newName = typeof entry.newName === 'string' ? entry.newName : name
        const tag =
          typeof entry.digest === 'string'
            ? `@${entry.digest}`
            : entry.newTag !== undefined
              ? `:${String(entry.newTag)}`
              : suffix
        container.image = `${newName}${tag}`
      }
    }
  }
}

/** Points every reference to a generated ConfigMap or Secret at its hashed name. */
function hashGeneratedNames(items: Item[]): void {
  const renamed = new Map<string, string>()
  for (const item of items) {
    if (!item.generatedName) continue
    const digest = createHash('sha256')
      .update(JSON.stringify({ kind: item.resource.kind, data: item.resource.data ?? {} }))
      .digest('hex')
    item.resource.metadata.name = `${item.generatedName}-${digest.slice(0, 10)}`
    renamed.set(`${item.resource.kind}/${item.generatedName}`, item.resource.metadata.name)
  }
  const visit = (node: Json, key: string): void => {
    if (Array.isArray(node)) for (const child of node) visit(child, key)
    if (!isObject(node)) return
    const rename = (kind: string, field: string) => {
      const name = node[field]
      if (typeof name === 'string') node[field] = renamed.get(`${kind}/${name}`) ?? name
    }
    if (['configMapRef', 'configMapKeyRef', 'configMap'].includes(key)) rename('ConfigMap', 'name')
    if (['secretRef', 'secretKeyRef'].includes(key)) rename('Secret', 'name')
    if (key === 'secret') rename('Secret', 'secretName')
    for (const [childKey, child] of Object.entries(node)) visit(child, childKey)
  }
  for (const item of items) visit(item.resource, '')
}

function buildItems(dir: string, options: BuildOptions): Item[] {
  const path = join(dir, 'kustomization.yaml')
  const [kustomization] = readYamlDocuments(path)
  if (!isObject(kustomization)) throw new Error(`${path}: not a map`)
  for (const key of Object.keys(kustomization)) {
    if (!KNOWN_FIELDS.has(key))
      throw new Error(`${path}: ${key} is not supported by the tests' kustomize`)
  }
  const items: Item[] = []
  for (const entry of list(kustomization.resources, 'resources')) {
    const target = resolve(dir, String(entry))
    if (statSync(target).isDirectory()) items.push(...buildItems(target, options))
    else
      items.push(...readYamlDocuments(target).map((doc) => ({ resource: asResource(doc, target) })))
  }
  for (const generator of list(kustomization.configMapGenerator, 'configMapGenerator')) {
    generate('ConfigMap', generator, dir, items, options)
  }
  for (const generator of list(kustomization.secretGenerator, 'secretGenerator')) {
    generate('Secret', generator, dir, items, options)
  }
  applyPatches(list(kustomization.patches, 'patches'), dir, items)
  if (typeof kustomization.namespace === 'string') setNamespace(items, kustomization.namespace)
  addLabels(items, list(kustomization.labels, 'labels'))
  setImages(items, list(kustomization.images, 'images'))
  return items
}

/** The objects `kustomize build <dir>` prints. */
export function kustomizeBuild(dir: string, options: BuildOptions = {}): Resource[] {
  const items = buildItems(dir, options)
  hashGeneratedNames(items)
  const seen = new Set<string>()
  for (const { resource } of items) {
    const id = `${resource.kind}/${resource.metadata.namespace ?? ''}/${resource.metadata.name}`
    if (seen.has(id)) throw new Error(`${id} is defined twice`)
    seen.add(id)
  }
  return items.map((item) => item.resource)
}
