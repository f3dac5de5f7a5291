import { execFileSync } from 'node:child_process'
import { chmodSync, cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import process from 'node:process'
import { MongoClient } from 'mongodb'
import type { Backend } from './backend.ts'
import { freePort } from '../free-port.ts'
import { findGo } from '../go-command.ts'
import { managedProcess } from '../managed-process.ts'
import { CACHE_ROOT } from '../paths.ts'

const VERSION = 'v1.24.2'
const MODULE = 'github.com/FerretDB/FerretDB'

/**
 * Builds FerretDB once into .cache. A plain `go install` of its command panics at start for
 * want of build/version/version.txt (and so does a wrapper module), so the module source is
 * copied, the version file written, and the command built from that copy.
 */
export function ensureFerretdbBinary(log: (line: string) => void): string {
  const binary = join(CACHE_ROOT, 'ferretdb', VERSION, 'ferretdb')
  if (existsSync(binary)) return binary
  const go = findGo()
  if (!go) {
    throw new Error(
      'no MongoDB-compatible server: set MONGO_URL, install mongod, or install Go >= 1.24 so FerretDB can be built',
    )
  }
  log(`building FerretDB ${VERSION} with Go (once; cached in .cache/ferretdb) ...`)
  const work = join(CACHE_ROOT, 'ferretdb', VERSION, 'build')
  rmSync(work, { recursive: true, force: true })
  mkdirSync(work, { recursive: true })
  const env = { ...process.env, GOFLAGS: '-mod=mod' }
  const download = execFileSync(go, ['mod', 'download', '-json', `${MODULE}@${VERSION}`], {
    cwd: work,
    env,
    encoding: 'utf8',
  })
  const moduleDir = (JSON.parse(download) as { Dir: string }).Dir
  const source = join(work, 'src')
  cpSync(moduleDir, source, { recursive: true })
  execFileSync('chmod', ['-R', 'u+w', source])
  writeFileSync(join(source, 'build', 'version', 'version.txt'), `${VERSION}\n`)
  execFileSync(go, ['build', '-buildvcs=false', '-o', binary, './cmd/ferretdb'], {
    cwd: source,
    env,
    stdio: 'ignore',
  })
  chmodSync(binary, 0o755)
  rmSync(work, { recursive: true, force: true })
  return binary
}

async function pingable(url: string): Promise<boolean> {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 500, connectTimeoutMS: 500 })
  try {
    await client.db('admin').command({ ping: 1 })
    return true
  } finally {
    await client.close().catch(() => undefined)
  }
}

/** Create bench, 20 writers: 20 connections per service p99 1,694 ms; 2 connections p99 271 ms. */
const FERRETDB_WRITER_POOL_SIZE = 2

export async function startFerretdb(options: {
  dataDir: string
  log: (line: string) => void
}): Promise<Backend> {
  const binary = ensureFerretdbBinary(options.log)
  const port = await freePort()
  const dir = join(options.dataDir, 'ferretdb')
  mkdirSync(dir, { recursive: true })
  const url = `mongodb://127.0.0.1:${port}/?directConnection=true&retryWrites=false`
  const env: Record<string, string | undefined> = {}
  for (const name of Object.keys(process.env))
    if (name.startsWith('FERRETDB_')) env[name] = undefined
  const server = managedProcess({
    name: 'ferretdb',
    command: binary,
    args: [
      '--handler=sqlite',
      `--sqlite-url=file:${dir}/`,
      `--listen-addr=127.0.0.1:${port}`,
      '--debug-addr=-',
      `--state-dir=${dir}`,
      '--telemetry=disable',
      '--log-level=warn',
    ],
    env: { ...env, DO_NOT_TRACK: '1' },
    logFile: join(options.dataDir, 'logs', 'ferretdb.log'),
    isReady: () => pingable(url),
  })
  await server.start()
  return {
    url,
    writerUrl: `${url}&maxPoolSize=${FERRETDB_WRITER_POOL_SIZE}`,
    control: server,
    dispose: () => server.stop(5000),
  }
}

export async function startMongod(options: { dataDir: string; binary: string }): Promise<Backend> {
  const port = await freePort()
  const dir = join(options.dataDir, 'mongod')
  mkdirSync(dir, { recursive: true })
  const url = `mongodb://127.0.0.1:${port}/?directConnection=true&retryWrites=false`
  const server = managedProcess({
    name: 'mongod',
    command: options.binary,
    args: ['--dbpath', dir, '--port', String(port), '--bind_ip', '127.0.0.1', '--quiet'],
    logFile: join(options.dataDir, 'logs', 'mongod.log'),
    isReady: () => pingable(url),
  })
  await server.start()
  return { url, control: server, dispose: () => server.stop(10_000) }
}
