import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import process from 'node:process'
import { isObject } from './json.ts'
import type { Json, JsonObject } from './json.ts'
import { kustomizeBuild } from './kustomize.ts'
import type { Resource } from './kustomize.ts'
import { repoPath } from './repo.ts'

export const BUILDS = ['k8s/base', 'k8s/overlays/dev', 'k8s/overlays/production'] as const
export const OVERLAYS = ['k8s/overlays/dev', 'k8s/overlays/production'] as const

let checkout: string | undefined

/**
 * The manifests as a user's checkout holds them once the README's steps are done: k8s/ and
 * deploy/ (the Varnish example reads its VCL there) copied aside, with each env file that git
 * ignores (the dev overlay's secrets.env) created from its committed `.example` where absent.
 */
function userCheckout(): string {
  if (checkout) return checkout
  const root = mkdtempSync(join(tmpdir(), 'cms-manifests-'))
  process.on('exit', () => rmSync(root, { recursive: true, force: true }))
  for (const folder of ['k8s', 'deploy'])
    cpSync(repoPath(folder), join(root, folder), { recursive: true })
  for (const file of readdirSync(join(root, 'k8s'), { recursive: true, encoding: 'utf8' })) {
    const path = join(root, 'k8s', file)
    const target = path.slice(0, -'.example'.length)
    if (path.endsWith('.env.example') && !existsSync(target)) copyFileSync(path, target)
  }
  checkout = root
  return root
}

/** The objects `kustomize build <dir>` prints for a folder of the repository, e.g. k8s/base. */
export const build = (dir: string): Resource[] => kustomizeBuild(join(userCheckout(), dir))

export const ofKind = (resources: readonly Resource[], kind: string): Resource[] =>
  resources.filter((resource) => resource.kind === kind)

export function named(
  resources: readonly Resource[],
  kind: string,
  name: string,
): Resource | undefined {
  return resources.find((resource) => resource.kind === kind && resource.metadata.name === name)
}

export const object = (value: Json | undefined): JsonObject => (isObject(value) ? value : {})
export const array = (value: Json | undefined): Json[] => (Array.isArray(value) ? value : [])

export const spec = (resource: Resource): JsonObject => object(resource.spec)
export const podTemplate = (deployment: Resource): JsonObject => object(spec(deployment).template)
export const podSpec = (deployment: Resource): JsonObject => object(podTemplate(deployment).spec)
export const podLabels = (deployment: Resource): Record<string, string> =>
  object(object(podTemplate(deployment).metadata).labels) as Record<string, string>

export function mainContainer(deployment: Resource): JsonObject {
  const containers = array(podSpec(deployment).containers)
  if (containers.length !== 1)
    throw new Error(`${deployment.metadata.name} should run one container`)
  return object(containers[0])
}

export type EnvSource =
  { value: string } | { configMap: string; key: string } | { secret: string; key: string }

export function envOf(container: JsonObject): Map<string, EnvSource> {
  const env = new Map<string, EnvSource>()
  for (const entry of array(container.env)) {
    const item = object(entry)
    const name = String(item.name)
    const from = object(item.valueFrom)
    if (isObject(from.configMapKeyRef)) {
      env.set(name, {
        configMap: String(from.configMapKeyRef.name),
        key: String(from.configMapKeyRef.key),
      })
    } else if (isObject(from.secretKeyRef)) {
      env.set(name, { secret: String(from.secretKeyRef.name), key: String(from.secretKeyRef.key) })
    } else {
      env.set(name, { value: String(item.value ?? '') })
    }
  }
  return env
}

/** The value a variable gets from a literal or a ConfigMap of the build; undefined for secrets. */
export function plainValue(resources: readonly Resource[], source: EnvSource): string | undefined {
  if ('value' in source) return source.value
  if ('secret' in source) return undefined
  const data = object(named(resources, 'ConfigMap', source.configMap)?.data)
  return data[source.key] === undefined ? undefined : String(data[source.key])
}

/** The keys of secrets.env.example: the Secret the operator creates must hold exactly these. */
export function documentedSecretKeys(): Set<string> {
  const text = readFileSync(repoPath('k8s/overlays/dev/secrets.env.example'), 'utf8')
  return new Set(
    text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => line.split('=')[0]!),
  )
}
