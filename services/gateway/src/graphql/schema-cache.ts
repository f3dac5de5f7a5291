import { LRUCache } from 'lru-cache'
import type { GraphQLSchema } from 'graphql'
import type { Permissions } from '@cms/contract'
import { buildWebsiteSchema } from './website-schema.ts'
import type { WebsiteModel } from './website-model.ts'

interface Built {
  schema: GraphQLSchema
  /** The model it was built from, as text, to tell whether a fresh read changed anything. */
  fingerprint: string
}

export interface SchemaLookup {
  schema: GraphQLSchema
  /** Built from a model read during this lookup. */
  fresh: boolean
}

/** Permission sets compare equal whatever order their members came in. */
const permissionKey = (permissions: Permissions): string =>
  JSON.stringify(
    Object.keys(permissions)
      .sort()
      .map((name) => [name, permissions[name as keyof Permissions]]),
  )

/**
 * Built schemas per website and permission set (docs/graphql.md, "Schema cache"). A website's
 * entries are dropped when one of its types, components or locales changes (`forget`); a build
 * that began before the change is not kept.
 */
export function createSchemaCache(options: { maxEntries: number }) {
  const built = new LRUCache<string, Promise<Built>>({ max: options.maxEntries })
  const generations = new Map<string, number>()
  const generationOf = (websiteId: string) => generations.get(websiteId) ?? 0

  async function build(
    key: string,
    websiteId: string,
    permissions: Permissions,
    read: () => Promise<WebsiteModel>,
    previous?: Built,
  ): Promise<Built> {
    const generation = generationOf(websiteId)
    const promise = read().then((model) => {
      const fingerprint = JSON.stringify(model)
      if (previous?.fingerprint === fingerprint) return previous
      return { schema: buildWebsiteSchema(model, permissions), fingerprint }
    })
    built.set(key, promise)
    promise.then(
      () => {
        if (generationOf(websiteId) !== generation && built.get(key) === promise) built.delete(key)
      },
      () => {
        if (built.get(key) === promise) built.delete(key)
      },
    )
    return promise
  }

  return {
    /** The caller's schema, built from `read()` unless one is cached. */
    async schemaFor(
      websiteId: string,
      permissions: Permissions,
      read: () => Promise<WebsiteModel>,
    ): Promise<SchemaLookup> {
      const key = `${websiteId}\n${permissionKey(permissions)}`
      const cached = built.get(key)
      if (cached) return { schema: (await cached).schema, fresh: false }
      return { schema: (await build(key, websiteId, permissions, read)).schema, fresh: true }
    },
    /**
     * The caller's schema from a fresh read, for a document the cached one refused: a type
     * changed a moment ago may not have been announced yet. Checks running at once share one read.
     */
    async recheck(
      websiteId: string,
      permissions: Permissions,
      read: () => Promise<WebsiteModel>,
      stale: GraphQLSchema,
    ): Promise<GraphQLSchema> {
      const key = `${websiteId}\n${permissionKey(permissions)}`
      const cached = built.get(key)
      const held = cached && (await cached)
      if (held && held.schema !== stale) return held.schema
      return (await build(key, websiteId, permissions, read, held || undefined)).schema
    },
    forget(websiteId: string): void {
      generations.set(websiteId, generationOf(websiteId) + 1)
      for (const key of built.keys()) if (key.startsWith(`${websiteId}\n`)) built.delete(key)
    },
    forgetAll(): void {
      for (const websiteId of new Set([...built.keys()].map((key) => key.split('\n')[0]!)))
        generations.set(websiteId, generationOf(websiteId) + 1)
      built.clear()
    },
  }
}

export type SchemaCache = ReturnType<typeof createSchemaCache>
