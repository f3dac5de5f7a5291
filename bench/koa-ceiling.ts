import { Buffer } from 'node:buffer'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import process from 'node:process'
import { freePort, managedProcess, REPO_ROOT } from '@cms/stack'
import type { CpuReading } from './cpu-per-request.ts'

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

/** `GET` on the ceiling: its `CpuReading` (the process's CPU so far, the requests it served). */
export const CEILING_CPU_PATH = '/__ceiling/cpu'

export interface KoaCeiling {
  url: string
  cpuReading(): Promise<CpuReading>
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
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const cpuReading = async (): Promise<CpuReading> =>
    (await (await fetch(`${url}${CEILING_CPU_PATH}`)).json()) as CpuReading
  const server = managedProcess({
    name: 'koa-ceiling',
    command: process.execPath,
    args: [
      '--import',
      'tsx',
      join('bench', 'koa-ceiling-server.ts'),
      file,
      deps.redisUrl,
      String(port),
    ],
    cwd: REPO_ROOT,
    logFile: join(dir, 'koa-ceiling.log'),
    isReady: () => cpuReading().then(() => true),
  })
  await server.start()
  return {
    url,
    cpuReading,
    async stop() {
      await server.stop()
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
