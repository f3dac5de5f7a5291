import { isContentTypeName, parseContentTypeDefinition } from '@cms/content-model'
import type { ContentType, ContentTypeDefinition } from '@cms/content-model'
import { ConflictError, ForbiddenError, NotFoundError } from '@cms/errors'
import type { Caller } from '@cms/http'
import type { ContentTypeEvents } from './content-type-events.ts'
import type { ContentTypeStore } from './content-type-store.ts'
import type { ContentUsage } from './content-usage.ts'
import { patchContentType } from './patch-content-type.ts'

export interface ContentTypes {
  list(caller: Caller): Promise<ContentType[]>
  get(caller: Caller, name: string): Promise<ContentType>
  create(caller: Caller, body: unknown): Promise<ContentType>
  update(caller: Caller, name: string, body: unknown): Promise<ContentType>
  remove(caller: Caller, name: string): Promise<void>
}

export interface ContentTypesDeps {
  store: ContentTypeStore
  usage: ContentUsage
  events: ContentTypeEvents
  clock: () => Date
  newId: () => string
  /** How often a change retries after losing a version to a concurrent change. */
  maxAttempts?: number
}

function requireAdmin(caller: Caller): void {
  if (caller.scope !== 'admin') {
    throw new ForbiddenError('Changing content types needs a key with admin scope')
  }
}

const notFound = (name: string) => new NotFoundError(`Content type ${name} not found`)

/** Content types of the caller's website: the use cases of spec 4.1 with contract sections 2 and 3. */
export function createContentTypes(deps: ContentTypesDeps): ContentTypes {
  const maxAttempts = deps.maxAttempts ?? 5

  async function find(caller: Caller, name: string): Promise<ContentType> {
    const type = isContentTypeName(name) ? await deps.store.find(caller.websiteId, name) : undefined
    if (!type) throw notFound(name)
    return type
  }

  /** A claim whose writer stopped before applying it is applied by the next change. */
  async function rollForward(websiteId: string, current: ContentType): Promise<void> {
    const claimed = await deps.store.findClaim(current.id, current.version + 1)
    if (claimed) await deps.store.applyClaim(websiteId, current.version, claimed)
  }

  async function commitChange(caller: Caller, name: string, body: unknown): Promise<ContentType> {
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const current = await find(caller, name)
      const definition: ContentTypeDefinition = patchContentType(current, body)
      const next: ContentType = {
        ...definition,
        id: current.id,
        version: current.version + 1,
        createdAt: current.createdAt,
        updatedAt: deps.clock().toISOString(),
      }
      if (await deps.store.claimVersion(caller.websiteId, next)) {
        await deps.store.applyClaim(caller.websiteId, current.version, next)
        return next
      }
      await rollForward(caller.websiteId, current)
    }
    throw new ConflictError(`Content type ${name} is being changed concurrently; try again`)
  }

  return {
    list: (caller) => deps.store.list(caller.websiteId),

    get: find,

    async create(caller, body) {
      requireAdmin(caller)
      const definition = parseContentTypeDefinition(body)
      const now = deps.clock().toISOString()
      const type: ContentType = {
        ...definition,
        id: deps.newId(),
        version: 1,
        createdAt: now,
        updatedAt: now,
      }
      await deps.store.insert(caller.websiteId, type)
      await deps.events.changed(caller.websiteId, type.name, type.version)
      return type
    },

    async update(caller, name, body) {
      requireAdmin(caller)
      const type = await commitChange(caller, name, body)
      await deps.events.changed(caller.websiteId, type.name, type.version)
      return type
    },

    async remove(caller, name) {
      requireAdmin(caller)
      const type = await find(caller, name)
      if (await deps.usage.isInUse(caller, type.name)) {
        throw new ConflictError(`Content type ${name} still has documents; delete them first`)
      }
      if (!(await deps.store.remove(caller.websiteId, type))) throw notFound(name)
      await deps.events.changed(caller.websiteId, type.name, null)
    },
  }
}
