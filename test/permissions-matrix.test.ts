import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { allows, BUILT_IN_ROLES, pathOf, PUBLIC_OPERATIONS } from '@cms/contract'
import type { Operation, Permissions, PublicOperationId } from '@cms/contract'
import { apiClient, createTestWebsite } from '@cms/testkit'
import { ARTICLE_TYPE, defineType } from './content-fixtures.ts'
import { createRole, issueKey } from './permissions-kit.ts'
import type { IssuedKey } from './permissions-kit.ts'

/**
 * Every role against every operation of the contract, through the real stack. The expected
 * answer comes from the permission model (`allows` of @cms/contract), not from a table written
 * here: a refused call is 403 naming the permission, an allowed one gets past authorization
 * (whatever the service then answers to made-up ids and empty bodies).
 */
const CUSTOM: Permissions = { read: ['article'], create: ['article'], manageMedia: true }
const ROLES: Record<string, Permissions> = { ...BUILT_IN_ROLES, partner: CUSTOM }

const PARAMS: Record<string, string> = {
  id: randomUUID(),
  type: 'article',
  slug: 'no-such-slug',
  scheduleId: randomUUID(),
  versionId: randomUUID(),
  deliveryId: randomUUID(),
  name: 'article',
  keyId: randomUUID(),
}

function requestOf(operation: Operation): [string, string, { body?: unknown }] {
  const params = Object.fromEntries(
    [...operation.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => [name!, PARAMS[name!]!]),
  )
  // An allowed stream would never end; an invalid filter makes it a 422 after authorization.
  const query = operation.path === '/api/changes' ? '?events=none' : ''
  const path = `${pathOf(operation.path, params)}${query}`
  const body = operation.method === 'GET' || operation.method === 'DELETE' ? {} : { body: {} }
  return [operation.method, path, body]
}

const keys: Record<string, IssuedKey> = {}

beforeAll(async () => {
  const site = await createTestWebsite()
  await defineType(site.api, ARTICLE_TYPE)
  await createRole(site.websiteId, 'partner', CUSTOM)
  for (const role of Object.keys(ROLES)) keys[role] = await issueKey(site.websiteId, { role })
}, 60_000)

describe('permissions matrix', () => {
  it('permissions: every role reaches exactly its operations — when each built-in role and a custom role call every operation of the contract, then those its permissions grant pass authorization and the others are 403 naming the permission', async () => {
    const outcomes: string[] = []
    for (const [role, permissions] of Object.entries(ROLES)) {
      for (const [id, operation] of Object.entries(PUBLIC_OPERATIONS) as [
        PublicOperationId,
        Operation,
      ][]) {
        const [method, path, options] = requestOf(operation)
        const answer = await keys[role]!.api(method, path, options)
        const needed = operation.permission
        const type = path.startsWith('/api/content/by-slug/') ? 'article' : undefined
        const allowed = needed === undefined || allows(permissions, needed, type)
        const refused = answer.status === 403 && answer.body?.error?.code === 'FORBIDDEN'
        const named = refused && String(answer.body.error.message).includes(needed ?? '?')
        if (allowed ? refused || answer.status === 401 : !named)
          outcomes.push(`${role} ${id}: ${answer.status} ${answer.text.slice(0, 120)}`)
      }
    }
    expect(outcomes).toEqual([])
  }, 120_000)

  it('permissions: a refusal names the missing permission — when a viewer key creates a document and a partner key reads another type by slug, then each 403 names the permission (and the type) in its message and detail, and an unknown key is 401', async () => {
    const create = await keys.viewer!.api('POST', '/api/content', {
      body: { type: 'article', data: { title: 'x' } },
    })
    expect(create.status).toBe(403)
    expect(create.body.error).toEqual({
      code: 'FORBIDDEN',
      message: 'This request needs the create permission',
      details: [{ path: 'permission', message: 'create' }],
    })
    const bySlug = await keys.partner!.api('GET', '/api/content/by-slug/event/launch')
    expect(bySlug.status).toBe(403)
    expect(bySlug.body.error.message).toBe('This request needs the read permission on event')
    const unknown = await apiClient(`cms_${'x'.repeat(43)}`)('GET', '/api/content')
    expect(unknown.status).toBe(401)
  })
})
