import { existsSync, readFileSync } from 'node:fs'
import { kustomizeBuild } from './kustomize.ts'
import type { Resource } from './kustomize.ts'
import { repoPath } from './repo.ts'
import { isObject } from './strategic-merge.ts'
import type { Json, JsonObject } from './strategic-merge.ts'

export const BUILDS = ['k8s/base', 'k8s/overlays/dev', 'k8s/overlays/production'] as const
export const OVERLAYS = ['k8s/overlays/dev', 'k8s/overlays/production'] as const

/**
 * The objects a build produces. The dev overlay's secrets.env is the user's to create (git
 * ignores it); when it is absent, its committed key list secrets.env.example stands in.
 */
export function build(dir: string): Resource[] {
  return kustomizeBuild(repoPath(dir), {
    missingEnvFile: (path) => {
      const example = `${path}.example`
      return path.endsWith('secrets.env') && existsSync(example)
        ? readFileSync(example, 'utf8')
        : undefined
    },
  })
}

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
