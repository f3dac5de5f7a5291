import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cacheTags } from '@cms/contract'
import { startVarnish } from '@cms/stack'
import { GENEROUS_PLAN, waitFor } from '@cms/testkit'
import { expectStatus } from './content-fixtures.ts'
import {
  createVarnishSite,
  publishedDocument,
  readThrough,
  republish,
  startVarnishStack,
} from './varnish-kit.ts'
import type { CachedRead, KeyForm, VarnishSite, VarnishStack } from './varnish-kit.ts'

// A real Varnish 7 with xkey (deploy/varnish) in front of a stack of its own, whose gateway
// purges it (CDN_PURGERS=varnish) through a gate the outage test closes.
let running: VarnishStack
let site: VarnishSite

beforeAll(async () => {
  running = await startVarnishStack('varnish')
  site = await createVarnishSite(running.stack)
}, 300_000)
afterAll(async () => {
  await running?.stop()
})

const read = (path: string, key = site.readKey, form: KeyForm = 'x-api-key') =>
  readThrough(running.varnish, key, path, form)

/**
 * Reads every path until they all stay hits for a second, and answers those hits: the purges of
 * the writes that made these documents arrive a moment after their answers, and may drop a
 * fresh entry, so a hit right after the first read proves nothing yet.
 */
async function warmSettled(
  paths: readonly string[],
  key = site.readKey,
  form: KeyForm = 'x-api-key',
): Promise<CachedRead[]> {
  return waitFor(
    async () => {
      for (const path of paths) {
        expect((await read(path, key, form)).status, path).toBe(200)
        await read(path, key, form)
      }
      await new Promise((resolve) => setTimeout(resolve, 1000))
      const answers = await Promise.all(paths.map((path) => read(path, key, form)))
      return answers.every((answer) => answer.cache === 'HIT') ? answers : undefined
    },
    { timeoutMs: 30_000, intervalMs: 0, what: `${paths.join(', ')} cached and left alone` },
  )
}

/** `warmSettled` of one path: its cached answer. */
const warm = async (path: string, key = site.readKey, form: KeyForm = 'x-api-key') =>
  (await warmSettled([path], key, form))[0]!

const titlesOf = (answer: CachedRead): string[] =>
  answer.body.docs.map((doc: any) => doc.data.title).sort()

describe('Varnish in front of the gateway', () => {
  it('varnish: a published change is visible within 1 s — when a cached document is edited and published, then Varnish serves the new title within 1 s of the publish answer, by id and in its list', async () => {
    const id = await publishedDocument(site.admin, 'article', 'first')
    const byId = `/api/content/${id}`
    const list = '/api/content?type=article'
    expect((await warm(byId)).body.data.title).toBe('first')
    expect(titlesOf(await warm(list))).toContain('first')

    await republish(site.admin, id, 'second')
    const published = Date.now()
    // The draft save and the publish each send their own purge: both answers must be new.
    const seen = await waitFor(
      async () => {
        const [answer, listed] = await Promise.all([read(byId), read(list)])
        const titles = titlesOf(listed)
        const fresh =
          answer.body.data.title === 'second' &&
          titles.includes('second') &&
          !titles.includes('first')
        return fresh ? Date.now() - published : undefined
      },
      {
        timeoutMs: 10_000,
        intervalMs: 20,
        what: 'the new title through Varnish, by id and listed',
      },
    )
    expect(seen).toBeLessThanOrEqual(1000)
  })

  it('varnish: a change purges only what shows it — when an article is published again, then the other article and the list of pages are still hits, and the article list is fetched again', async () => {
    const changed = await publishedDocument(site.admin, 'article', 'changing')
    const other = await publishedDocument(site.admin, 'article', 'untouched')
    await publishedDocument(site.admin, 'page', 'a page')
    const paths = {
      changed: `/api/content/${changed}`,
      other: `/api/content/${other}`,
      pages: '/api/content?type=page',
      articles: '/api/content?type=article',
    }
    await warmSettled(Object.values(paths))

    await republish(site.admin, changed, 'changed')
    await waitFor(
      async () => ((await read(paths.changed)).body.data.title === 'changed' ? true : undefined),
      { timeoutMs: 10_000, intervalMs: 50, what: 'the purge of the changed article' },
    )
    expect((await read(paths.other)).cache).toBe('HIT')
    expect((await read(paths.pages)).cache).toBe('HIT')
    const articles = await read(paths.articles)
    expect(titlesOf(articles)).toContain('changed')
  })

  it('varnish: answers are never shared between keys — when keys that see different things read the same URL, then each gets its own answer (a restricted key no page, a read key no draft), and draft reads are never cached', async () => {
    await publishedDocument(site.admin, 'page', 'public page')
    const everything = '/api/content'
    const full = await warm(everything, site.readKey)
    expect(full.body.docs.some((doc: any) => doc.type === 'page')).toBe(true)

    for (const form of ['x-api-key', 'bearer'] as const) {
      const restricted = await read(everything, site.articleKey, form)
      expect(restricted.status, form).toBe(200)
      expect(restricted.cache, form).toBe('MISS')
      expect(
        restricted.body.docs.map((doc: any) => doc.type),
        form,
      ).not.toContain('page')
      const again = await read(everything, site.articleKey, form)
      expect(again.cache, form).toBe('HIT')
      expect(
        again.body.docs.map((doc: any) => doc.type),
        form,
      ).not.toContain('page')
    }
    expect((await read(everything, site.readKey)).body.totalDocs).toBe(full.body.totalDocs)

    const draft = await expectStatus(
      site.admin('POST', '/api/content', { body: { type: 'article', data: { title: 'secret' } } }),
      201,
    )
    const draftPath = `/api/content/${draft.body.id}?draft=true`
    for (let i = 0; i < 2; i++) {
      const answer = await read(draftPath, site.adminKey)
      expect(answer.body.data.title).toBe('secret')
      expect(answer.cache).toBe('MISS')
      expect(answer.cacheControl).toMatch(/private/)
    }
    const published = await publishedDocument(site.admin, 'article', 'live')
    await expectStatus(
      site.admin('PATCH', `/api/content/${published}?draft=true`, {
        body: { data: { title: 'pending' } },
      }),
      200,
    )
    expect(
      (await read(`/api/content/${published}?draft=true`, site.adminKey)).body.data.title,
    ).toBe('pending')
    for (const key of [site.readKey, site.articleKey]) {
      expect((await read(`/api/content/${draft.body.id}`, key)).status).toBe(404)
      expect((await read(`/api/content/${published}`, key)).body.data.title).toBe('live')
      expect((await read(draftPath, key)).status).toBe(403)
    }
  })

  it("varnish: a retired key's answers are purged — when a key that has read a document is revoked, then Varnish stops serving it (the next read reaches the gateway: 401) while another key's copy stays a hit", async () => {
    const id = await publishedDocument(site.admin, 'article', 'read by a leaving key')
    const path = `/api/content/${id}`
    const keys = `/admin/api/websites/${site.websiteId}/keys`
    const leaving = (
      await expectStatus(
        site.platform('POST', keys, {
          body: { name: 'leaving', scope: 'read', rateLimit: GENEROUS_PLAN },
        }),
        201,
      )
    ).body
    await warm(path, leaving.key)
    await warm(path)
    await expectStatus(site.platform('DELETE', `${keys}/${leaving.id}`), 204)
    await waitFor(async () => ((await read(path, leaving.key)).status === 401 ? true : undefined), {
      timeoutMs: 10_000,
      intervalMs: 50,
      what: "the revoked key's copy purged",
    })
    expect((await read(path)).cache).toBe('HIT')
  })

  it('varnish: a purger outage loses no purge — when Varnish cannot be reached during writes, then it serves the stale answers meanwhile, and once it can, every one of them is purged', async () => {
    const ids = await Promise.all(
      ['one', 'two', 'three'].map((title) => publishedDocument(site.admin, 'page', title)),
    )
    const paths = [...ids.map((id) => `/api/content/${id}`), '/api/content?type=page']
    await warmSettled(paths)

    await running.gate.close()
    try {
      for (const id of ids) await republish(site.admin, id, `new ${id}`)
      // The purges cannot reach Varnish: every answer is still the cached, stale one.
      await new Promise((resolve) => setTimeout(resolve, 2000))
      for (const path of paths) expect((await read(path)).cache, path).toBe('HIT')
      expect((await read(paths[0]!)).body.data.title).toBe('one')
    } finally {
      await running.gate.open()
    }

    await waitFor(
      async () => {
        const answers = await Promise.all(ids.map((id) => read(`/api/content/${id}`)))
        return answers.every((answer, i) => answer.body.data.title === `new ${ids[i]}`)
          ? true
          : undefined
      },
      { timeoutMs: 90_000, intervalMs: 250, what: 'every stale document purged after the outage' },
    )
    const pages = await read('/api/content?type=page')
    for (const id of ids) expect(titlesOf(pages)).toContain(`new ${id}`)
  }, 120_000)

  it('varnish: only the purgers purge — when a PURGE comes from outside the ACL or through a proxy, then 403 and the answer stays; a purger gets 200 with the count, 400 without tags, and a soft purge keeps serving the stale answer', async () => {
    const id = await publishedDocument(site.admin, 'article', 'purge protocol')
    const path = `/api/content/${id}`
    await warmSettled([path])
    const purge = (headers: Record<string, string>, url = running.varnish.url) =>
      fetch(`${url}/`, { method: 'PURGE', headers }).then(async (answer) => ({
        status: answer.status,
        purged: answer.headers.get('xkey-purged'),
        text: await answer.text(),
      }))
    const tag = cacheTags.document(id)

    const relayed = await purge({ xkey: tag, 'x-forwarded-for': '203.0.113.9' })
    expect(relayed.status).toBe(403)
    expect((await purge({ xkey: tag, 'x-real-ip': '203.0.113.9' })).status).toBe(403)
    expect((await purge({})).status).toBe(400)
    expect((await read(path)).cache).toBe('HIT')

    const hard = await purge({ xkey: tag })
    expect(hard.status).toBe(200)
    expect(hard.text).toMatch(/^Invalidated \d+ objects/)
    expect(Number(hard.purged)).toBeGreaterThanOrEqual(1)
    expect((await read(path)).cache).toBe('MISS')

    expect((await read(path)).cache).toBe('HIT')
    // Soft: the entry is stale but served (grace) while a fresh one is fetched.
    const soft = await purge({ 'xkey-softpurge': tag })
    expect(soft.status).toBe(200)
    expect(Number(soft.purged)).toBeGreaterThanOrEqual(1)
    expect((await read(path)).cache).toBe('HIT')

    // A Varnish whose ACL admits only another network refuses this host's purges.
    const guarded = await startVarnish({
      dataDir: `${running.stack.dataDir}/guarded`,
      gatewayUrl: running.stack.services.gatewayUrl,
      purgers: ['192.0.2.0/24'],
    })
    try {
      const through = (key: string) => readThrough(guarded, key, path)
      await through(site.readKey)
      expect((await through(site.readKey)).cache).toBe('HIT')
      const refused = await purge({ xkey: tag }, guarded.url)
      expect(refused.status).toBe(403)
      expect((await through(site.readKey)).cache).toBe('HIT')
    } finally {
      await guarded.dispose()
    }
  }, 120_000)
})
