/**
 * The part of Kubernetes' strategic merge patch that the overlays use: maps merge key by key,
 * `null` deletes a key, lists of containers, env, volumes and mounts merge by their key, other
 * lists are replaced. Anything beyond that throws, so a new kind of patch fails the tests
 * instead of being applied differently than kustomize would.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
export type JsonObject = { [key: string]: Json }

const MERGE_KEYS: Readonly<Record<string, string>> = {
  containers: 'name',
  initContainers: 'name',
  env: 'name',
  volumes: 'name',
  volumeMounts: 'mountPath',
  imagePullSecrets: 'name',
}

/** Lists Kubernetes merges by a key this subset does not implement. */
const UNSUPPORTED_LISTS = new Set([
  'ports',
  'hostAliases',
  'topologySpreadConstraints',
  'volumeDevices',
  'ephemeralContainers',
  'resourceClaims',
  'schedulingGates',
])

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function clone<T extends Json>(value: T): T {
  return structuredClone(value)
}

export function strategicMerge(target: Json | undefined, patch: Json, field = ''): Json {
  if (isObject(patch)) {
    const base: JsonObject = isObject(target) ? clone(target) : {}
    for (const [key, value] of Object.entries(patch)) {
      if (key.startsWith('$')) throw new Error(`patch directive ${key} is not supported here`)
      if (value === null) delete base[key]
      else base[key] = strategicMerge(base[key], value, key)
    }
    return base
  }
  if (Array.isArray(patch)) {
    if (UNSUPPORTED_LISTS.has(field))
      throw new Error(`patching the list "${field}" is not supported here`)
    const mergeKey = MERGE_KEYS[field]
    if (!mergeKey || !Array.isArray(target)) return clone(patch)
    const merged = clone(target)
    for (const item of patch) {
      if (!isObject(item) || item[mergeKey] === undefined) {
        throw new Error(`an item of "${field}" in a patch lacks its merge key ${mergeKey}`)
      }
      const index = merged.findIndex(
        (existing) => isObject(existing) && existing[mergeKey] === item[mergeKey],
      )
      if (index === -1) merged.push(clone(item))
      else merged[index] = strategicMerge(merged[index], item, '')
    }
    return merged
  }
  return patch
}
