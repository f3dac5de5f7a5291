import { goTool, runTool } from './go-tool.ts'
import { isObject } from './json.ts'
import type { Json, JsonObject } from './json.ts'
import { parseYamlStream } from './yaml.ts'

export interface Resource extends JsonObject {
  apiVersion: string
  kind: string
  metadata: JsonObject & { name: string }
}

const KUSTOMIZE = await goTool('kustomize')

function asResource(value: Json, source: string): Resource {
  if (!isObject(value) || typeof value.apiVersion !== 'string' || typeof value.kind !== 'string') {
    throw new Error(`${source}: not a Kubernetes object`)
  }
  if (!isObject(value.metadata) || typeof value.metadata.name !== 'string') {
    throw new Error(`${source}: ${value.kind} without metadata.name`)
  }
  return value as Resource
}

/** The objects `kustomize build <dir>` prints (the real kustomize, GO_TOOLS in libs/stack). */
export function kustomizeBuild(dir: string): Resource[] {
  const source = `kustomize build ${dir}`
  return parseYamlStream(runTool(KUSTOMIZE, ['build', dir]), source).map((document) =>
    asResource(document, source),
  )
}
