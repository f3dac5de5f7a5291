// The warm path's ceiling as a process of its own (bench/koa-ceiling.ts starts it), as the
// gateway is one: run in the bench's process it shared one thread with autocannon.
// Usage: koa-ceiling-server.ts <answers.json> <redis url> <port>.
import { Buffer } from 'node:buffer'
import { readFileSync } from 'node:fs'
import process from 'node:process'
import Koa from 'koa'
import { Redis } from 'ioredis'
import { CEILING_CPU_PATH } from './koa-ceiling.ts'
import type { StoredAnswer } from './koa-ceiling.ts'
import type { CpuReading } from './cpu-per-request.ts'

const [answersFile, redisUrl, port] = process.argv.slice(2)
const stored = JSON.parse(readFileSync(answersFile!, 'utf8')) as Record<string, StoredAnswer>
const answers = new Map(
  Object.entries(stored).map(([path, a]) => [
    path,
    { body: Buffer.from(a.body, 'base64'), contentType: a.contentType },
  ]),
)
const redis = new Redis(redisUrl!)
let served = 0
const app = new Koa()
app.use(async (ctx) => {
  if (ctx.path === CEILING_CPU_PATH) {
    const { user, system } = process.cpuUsage()
    ctx.body = { cpuMicros: user + system, requests: served } satisfies CpuReading
    return
  }
  served++
  await redis.get('bench:ceiling')
  const answer = answers.get(ctx.url)
  if (!answer) return // Koa answers 404
  ctx.type = answer.contentType
  ctx.body = answer.body
})
const server = app.listen(Number(port), '127.0.0.1')
process.once('SIGTERM', () => {
  server.closeAllConnections()
  server.close(() => {
    redis.disconnect()
    process.exit(0)
  })
})
