import { existsSync, mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { freePort } from '../free-port.ts'
import { managedProcess } from '../managed-process.ts'
import type { ManagedProcess } from '../managed-process.ts'
import { REPO_ROOT } from '../paths.ts'
import { ensureCommand } from '../system-packages.ts'

/** deploy/varnish/run.sh renders the VCL and starts varnishd, here as in the images. */
const RUN_SCRIPT = join(REPO_ROOT, 'deploy', 'varnish', 'run.sh')

export interface VarnishOptions {
  dataDir: string
  /** The gateway Varnish fronts, e.g. `http://127.0.0.1:8080`. */
  gatewayUrl: string
  /** A port chosen beforehand (the services' VARNISH_PURGE_URLS names it); a free one if not. */
  port?: number
  /** Who may PURGE (run.sh's VARNISH_PURGERS); 127.0.0.1 when not given. */
  purgers?: readonly string[]
  log?: (line: string) => void
}

export interface Varnish {
  /** Where clients (and purgers) reach Varnish. */
  readonly url: string
  /** varnishd's `-n` folder: `varnishstat -n <workDir>` reads its counters. */
  readonly workDir: string
  /** Stop and start again (a purger outage in tests); the cache starts empty each time. */
  readonly control: ManagedProcess
  dispose(): Promise<void>
}

const VMOD_DIRS = ['/usr/lib/varnish/vmods', '/usr/local/lib/varnish/vmods']

function hasXkey(): boolean {
  const multiarch = readdirSync('/usr/lib')
    .filter((name) => name.endsWith('-linux-gnu'))
    .map((name) => `/usr/lib/${name}/varnish/vmods`)
  return [...VMOD_DIRS, ...multiarch].some((dir) => existsSync(join(dir, 'libvmod_xkey.so')))
}

/** Any HTTP answer means the VCL is loaded and the listener is up. */
async function answers(url: string): Promise<boolean> {
  const answer = await fetch(`${url}/`, { method: 'HEAD', signal: AbortSignal.timeout(2000) })
  await answer.body?.cancel()
  return true
}

/** varnishd (Debian's varnish and varnish-modules for xkey) in front of a gateway, on 127.0.0.1. */
export async function startVarnish(options: VarnishOptions): Promise<Varnish> {
  const log = options.log ?? (() => undefined)
  ensureCommand('varnishd', 'varnish', 'a Varnish 7 on the PATH', log)
  if (!hasXkey())
    throw new Error(
      'the xkey vmod is missing: install it (Debian: apt-get install varnish-modules)',
    )
  const port = options.port ?? (await freePort())
  const dir = join(options.dataDir, 'varnish')
  mkdirSync(dir, { recursive: true })
  const gateway = new URL(options.gatewayUrl)
  const url = `http://127.0.0.1:${port}`
  const workDir = join(dir, 'work')
  const server = managedProcess({
    name: 'varnish',
    command: 'sh',
    // -j none: run as this user, whose data folder the worker must read (no jail users).
    args: [RUN_SCRIPT, '-n', workDir, '-j', 'none'],
    env: {
      GATEWAY_HOST: gateway.hostname,
      GATEWAY_PORT: gateway.port || '80',
      VARNISH_PURGERS: (options.purgers ?? ['127.0.0.1']).join(','),
      VARNISH_LISTEN: `127.0.0.1:${port}`,
      VARNISH_SIZE: '64M',
      VARNISH_VCL_OUT: join(dir, 'cms.vcl'),
    },
    logFile: join(options.dataDir, 'logs', 'varnish.log'),
    isReady: () => answers(url),
  })
  await server.start()
  return { url, workDir, control: server, dispose: () => server.stop(5000) }
}
