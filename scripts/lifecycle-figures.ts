import process from 'node:process'
import { startStack } from '@cms/stack'

/**
 * The figures of docs/lifecycle.md: a website of N documents (two versions each: create and
 * update) and a few media files is exported, deleted (the purge is timed from the DELETE to
 * `done`), and its export imported again; the second export must be the same bytes below the
 * first line. Runs a stack of its own (FerretDB unless MONGO_URL names a server).
 *
 *   npx tsx scripts/lifecycle-figures.ts [N ...]      (default: 1000)
 */
const SIZES = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0)
const CONCURRENCY = 8

const log = (line: string) => process.stdout.write(`${line}\n`)

async function inParallel(count: number, run: (i: number) => Promise<void>): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await run(next++)
    }),
  )
}

async function main(): Promise<void> {
  const stack = await startStack({
    name: `lifecycle-figures-${Date.now()}`,
    ephemeral: true,
    log: () => undefined,
    env: {
      gateway: { LOG_LEVEL: 'warn' },
      'content-read': { LOG_LEVEL: 'warn' },
      'content-write': { LOG_LEVEL: 'warn' },
      schema: { LOG_LEVEL: 'warn' },
      webhook: { LOG_LEVEL: 'warn' },
    },
  })
  const base = stack.services.gatewayUrl
  const adminHeaders = { authorization: `Bearer ${stack.services.adminToken}` }
  const json = async (method: string, path: string, body?: unknown, key?: string) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(key ? { 'x-api-key': key } : adminHeaders),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`)
    return text ? JSON.parse(text) : undefined
  }
  const purged = async (websiteId: string) => {
    for (;;) {
      const progress = await json('GET', `/admin/api/purges/${websiteId}`)
      if (progress.state === 'done') return progress
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  try {
    for (const size of SIZES.length > 0 ? SIZES : [1000]) {
      const website = await json('POST', '/admin/api/websites', { name: `figures-${size}` })
      const key = (
        await json('POST', `/admin/api/websites/${website.id}/keys`, {
          scope: 'admin',
          rateLimit: { perMinute: 10_000_000, perDay: 1_000_000_000 },
        })
      ).key as string
      await json(
        'POST',
        '/api/content-types',
        {
          name: 'article',
          titleField: 'title',
          fields: [
            { name: 'title', type: 'text', required: true },
            { name: 'body', type: 'textarea' },
          ],
        },
        key,
      )
      const seeded = Date.now()
      await inParallel(size, async (i) => {
        const doc = await json(
          'POST',
          '/api/content',
          { type: 'article', data: { title: `Article ${i}`, body: 'lorem ipsum '.repeat(40) } },
          key,
        )
        await json('PATCH', `/api/content/${doc.id}`, { data: { body: 'changed' } }, key)
      })
      log(`${size} documents: seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s`)

      let started = Date.now()
      const exported = await fetch(`${base}/admin/api/websites/${website.id}/export`, {
        headers: adminHeaders,
      })
      const bytes = Buffer.from(await exported.arrayBuffer())
      const lines = bytes.toString('utf8').trimEnd().split('\n')
      log(
        `  export: ${((Date.now() - started) / 1000).toFixed(1)} s, ${(bytes.length / 1e6).toFixed(1)} MB, ${lines.length} lines`,
      )

      started = Date.now()
      await json('DELETE', `/admin/api/websites/${website.id}`)
      const done = await purged(website.id)
      // The services' steps wait for other gateways' key caches: KEY_CACHE_TTL_MS (3 s) + 1 s.
      log(
        `  purge: done ${((Date.now() - started) / 1000).toFixed(1)} s after the DELETE, ` +
          `4 s of it the wait for key caches (${done.removed} records removed)`,
      )

      started = Date.now()
      const imported = await fetch(`${base}/admin/api/websites/import?name=figures-${size}-again`, {
        method: 'POST',
        headers: { ...adminHeaders, 'content-type': 'application/x-ndjson' },
        body: bytes,
      })
      const answer = (await imported.json()) as any
      if (imported.status !== 201) throw new Error(`import: ${JSON.stringify(answer)}`)
      log(`  import: ${((Date.now() - started) / 1000).toFixed(1)} s`)
      const again = await fetch(`${base}/admin/api/websites/${answer.website.id}/export`, {
        headers: adminHeaders,
      })
      const second = (await again.text()).trimEnd().split('\n')
      const same = second.slice(1).join('\n') === lines.slice(1).join('\n')
      log(`  second export below the first line: ${same ? 'the same bytes' : 'DIFFERENT'}`)
      if (!same) process.exitCode = 1
    }
  } finally {
    await stack.stop()
  }
}

await main()
