import { describe, expect, it } from 'vitest'
import type { Webhook } from '../domain/webhook.ts'
import { rememberWebhooks } from './recent-webhooks.ts'
import type { WebhookRepository } from './webhook-repository.ts'

/** The repository's contract over an array, counting the list reads the cache saves. */
function inMemoryWebhooks() {
  const stored: Webhook[] = []
  let lists = 0
  const repository: WebhookRepository = {
    insert: async (webhook) => {
      stored.push(webhook)
      return true
    },
    find: async (websiteId, id) => stored.find((w) => w.websiteId === websiteId && w.id === id),
    listByWebsite: async (websiteId) => {
      lists += 1
      return stored.filter((w) => w.websiteId === websiteId)
    },
    countByWebsite: async (websiteId) => stored.filter((w) => w.websiteId === websiteId).length,
    replace: async (webhook) => {
      const index = stored.findIndex((w) => w.id === webhook.id)
      if (index === -1) return false
      stored[index] = webhook
      return true
    },
    remove: async (websiteId, id) => {
      const index = stored.findIndex((w) => w.websiteId === websiteId && w.id === id)
      if (index === -1) return false
      stored.splice(index, 1)
      return true
    },
  }
  return { repository, stored, lists: () => lists }
}

const hook = (id: string, url: string) => ({ id, websiteId: 's1', url }) as Webhook
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('rememberWebhooks', () => {
  it('reads a website list once while it is fresh, for the fan-out and for attempts', async () => {
    const memory = inMemoryWebhooks()
    await memory.repository.insert(hook('a', 'http://one'))
    const { pipeline } = rememberWebhooks(memory.repository, { ttlMs: 1000, maxWebsites: 10 })
    expect((await pipeline.listByWebsite('s1')).map((w) => w.id)).toEqual(['a'])
    expect((await pipeline.find('s1', 'a'))?.url).toBe('http://one')
    expect(await pipeline.find('s1', 'missing')).toBeUndefined()
    expect(memory.lists()).toBe(1)
  })

  it('when this process changes a webhook, then the pipeline sees it at once', async () => {
    const memory = inMemoryWebhooks()
    const remembered = rememberWebhooks(memory.repository, { ttlMs: 60_000, maxWebsites: 10 })
    expect(await remembered.pipeline.listByWebsite('s1')).toEqual([])
    await remembered.repository.insert(hook('a', 'http://one'))
    expect((await remembered.pipeline.find('s1', 'a'))?.url).toBe('http://one')
    await remembered.repository.replace(hook('a', 'http://two'))
    expect((await remembered.pipeline.find('s1', 'a'))?.url).toBe('http://two')
    await remembered.repository.remove('s1', 'a')
    expect(await remembered.pipeline.find('s1', 'a')).toBeUndefined()
  })

  it('when the database changes behind this process (another instance, an import), then the pipeline sees it within the time-to-live or once forgotten', async () => {
    const memory = inMemoryWebhooks()
    const remembered = rememberWebhooks(memory.repository, { ttlMs: 30, maxWebsites: 10 })
    expect(await remembered.pipeline.listByWebsite('s1')).toEqual([])
    memory.stored.push(hook('a', 'http://one'))
    expect(await remembered.pipeline.listByWebsite('s1')).toEqual([])
    await sleep(40)
    expect((await remembered.pipeline.listByWebsite('s1')).map((w) => w.id)).toEqual(['a'])
    memory.stored.push(hook('b', 'http://two'))
    remembered.forget('s1')
    expect((await remembered.pipeline.listByWebsite('s1')).map((w) => w.id)).toEqual(['a', 'b'])
  })

  it('when a website is forgotten while its list is being read, then the reader gets a fresh list', async () => {
    const memory = inMemoryWebhooks()
    const remembered = rememberWebhooks(memory.repository, { ttlMs: 60_000, maxWebsites: 10 })
    const reading = remembered.pipeline.listByWebsite('s1')
    memory.stored.push(hook('a', 'http://one'))
    remembered.forget('s1')
    expect((await reading).map((w) => w.id)).toEqual(['a'])
  })
})
