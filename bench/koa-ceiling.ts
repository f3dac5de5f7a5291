import { Buffer } from 'node:buffer'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import process from 'node:process'
import { createInterface } from 'node:readline'

/** One answer the ceiling serves: the bytes and content type the gateway answered for a path. */
export interface CeilingAnswer {
  body: Buffer
  contentType: string
}

/** How the answers reach the ceiling's process (a JSON file, bodies in base64). */
export interface StoredAnswer {
  body: string
  contentType: string
}

/** `GET` on the ceiling: its process's CPU microseconds so far and the requests it served. */
export const CEILING_CPU_PATH = '/__ceiling/cpu'

export interface KoaCeiling {
  url: string
  /** CPU microseconds per request served since the last call (the first: since it started). */
  cpuMicrosPerRequest(): Promise<number | undefined>
  stop(): Promise<void>
}

/**
 * The warm path's ceiling (issue 39): a bare Koa server that answers each path with the bytes
 * the gateway's read cache answered for it, after one Redis round trip, the least a gateway
 * that checks anything per request in Redis can do. It runs in a process of its own
 * (`koa-ceiling-server.ts`), as the gateway does, not on autocannon's thread.
 */
export async function startKoaCeiling(deps: {
  redisUrl: string
  answers: ReadonlyMap<string, CeilingAnswer>
}): Promise<KoaCeiling> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-ceiling-'))
  const file = join(dir, 'answers.json')
  const stored: Record<string, StoredAnswer> = {}
  for (const [path, answer] of deps.answers)
    stored[path] = { body: answer.body.toString('base64'), contentType: answer.contentType }
  writeFileSync(file, JSON.stringify(stored))
  const server = join(import.meta.dirname, 'koa-ceiling-server.ts')
  const child = spawn(process.execPath, ['--import', 'tsx', server, file, deps.redisUrl], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the ceiling exited with ${code}`)))
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const listening = /^listening (\d+)$/.exec(line)
      if (listening) resolve(Number(listening[1]))
    })
  })
  const url = `http://127.0.0.1:${port}`
  let last = { cpuMicros: 0, served: 0 }
  return {
    url,
    async cpuMicrosPerRequest() {
      const now = (await (await fetch(`${url}${CEILING_CPU_PATH}`)).json()) as typeof last
      const served = now.served - last.served
      const perRequest =
        served > 0 ? Math.round((now.cpuMicros - last.cpuMicros) / served) : undefined
      last = now
      return perRequest
    },
    async stop() {
      child.kill('SIGTERM')
      await exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** What `gatewayUrl` answers for each path with `headers`, kept for the ceiling to serve. */
export async function answersOf(
  gatewayUrl: string,
  paths: readonly string[],
  headers: Record<string, string>,
): Promise<Map<string, CeilingAnswer>> {
  const answers = new Map<string, CeilingAnswer>()
  for (const path of new Set(paths)) {
    const response = await fetch(`${gatewayUrl}${path}`, { headers })
    answers.set(path, {
      body: Buffer.from(await response.arrayBuffer()),
      contentType: response.headers.get('content-type') ?? 'application/json',
    })
  }
  return answers
}
