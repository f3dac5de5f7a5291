import { execFile } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, join, relative } from 'node:path'
import { tmpdir } from 'node:os'
import process from 'node:process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inContext, parseDockerignore } from './support/dockerignore.ts'
import { ancestry, execForm, lastOf, parseDockerfile } from './support/dockerfile.ts'
import type { Dockerfile, Stage } from './support/dockerfile.ts'
import { bundleFileOf, SERVICE_PACKAGES } from '@cms/stack'
import { runtimeImports } from './support/import-graph.ts'
import {
  REPO_ROOT,
  SERVICE_NAMES,
  entryFileOf,
  readRepoFile,
  repoPath,
  startCommand,
} from './support/repo.ts'
import type { Runtime } from './support/repo.ts'

const run = promisify(execFile)
const rootPackage = JSON.parse(readRepoFile('package.json')) as {
  engines: { node: string }
  devDependencies: Record<string, string>
  workspaces: string[]
}

const IMAGES: ReadonlyArray<{ runtime: Runtime; path: string; base: RegExp; user: string }> = [
  {
    runtime: 'node',
    path: 'deploy/Dockerfile',
    base: /^node:(\d+)-[\w-]*slim$/,
    user: '1000:1000',
  },
  {
    runtime: 'deno',
    path: 'deploy/Dockerfile.deno',
    base: /^denoland\/deno:([\d.]+)$/,
    user: '1993:1993',
  },
]

const finalStage = (file: Dockerfile): Stage => file.stages.at(-1)!

/** Every RUN of the stages the final stage is built from. */
const buildCommandsOf = (file: Dockerfile): string[] =>
  ancestry(file, finalStage(file))
    .flatMap((stage) => stage.instructions)
    .filter((i) => i.keyword === 'RUN')
    .map((i) => i.args)

describe.each(IMAGES)('the $runtime image ($path)', ({ runtime, path, base, user }) => {
  const file = parseDockerfile(readRepoFile(path))
  const runtimeStage = finalStage(file)

  it("when a container starts without a command, then it runs the gateway with the launcher's command", () => {
    const cmd = lastOf(runtimeStage, 'CMD')
    expect(cmd).toBeDefined()
    expect(execForm(cmd!.args)).toEqual(startCommand('gateway', runtime))
    expect(
      lastOf(runtimeStage, 'ENTRYPOINT'),
      'the base image entrypoint passes the command through',
    ).toBeUndefined()
  })

  it('when it runs, then it runs as a numeric non-root user, so Kubernetes can verify runAsNonRoot', () => {
    const users = runtimeStage.instructions.filter((i) => i.keyword === 'USER')
    expect(users.at(-1)?.args).toBe(user)
    const [uid, gid] = user.split(':').map(Number)
    expect(uid).toBeGreaterThan(0)
    expect(gid).toBeGreaterThan(0)
    const afterUser = runtimeStage.instructions.slice(
      runtimeStage.instructions.indexOf(users.at(-1)!) + 1,
    )
    expect(afterUser.filter((i) => i.keyword === 'RUN' || i.keyword === 'USER')).toEqual([])
  })

  it('when it is built, then it starts from the runtime the project supports', () => {
    const match = base.exec(runtimeStage.image)
    expect(match, runtimeStage.image).not.toBeNull()
    if (runtime === 'node') {
      const major = /(\d+)/.exec(rootPackage.engines.node)![1]
      expect(match![1]).toBe(major)
    } else {
      expect(match![1], 'the Deno the tests run on').toBe(rootPackage.devDependencies.deno)
    }
    for (const stage of file.stages.slice(0, -1)) {
      const parent = file.stages.find((s) => s.name === stage.image)
      expect(parent !== undefined || /^node:\d+-[\w-]*slim$/.test(stage.image), stage.image).toBe(
        true,
      )
    }
  })

  it('when it is built, then only production dependencies are installed, from the lockfile', () => {
    const runs = buildCommandsOf(file)
    const installs = runs.filter((command) => /\bnpm (ci|install|i)\b/.test(command))
    expect(installs.length).toBe(1)
    expect(installs[0]).toMatch(/\bnpm ci\b.*--omit=dev/)
    expect(runs.join('\n')).not.toMatch(/\bnpm (install|i)\b/)
  })

  it('when it is built, then it bundles the admin panel the gateway serves, from the sources in the context', () => {
    const runs = buildCommandsOf(file)
    const script = 'apps/admin-ui/build.ts'
    expect(existsSync(repoPath(script))).toBe(true)
    expect(runs.some((command) => command.includes(`node --import tsx ${script}`))).toBe(true)
  })

  it('when it is built, then the runtime stage starts afresh and takes the app from the build stages', () => {
    expect(file.stages.some((stage) => stage.name === runtimeStage.image)).toBe(false)
    const copies = runtimeStage.instructions.filter((i) => i.keyword === 'COPY')
    expect(copies.length).toBeGreaterThan(0)
    expect(copies.every((copy) => /--from=\w+/.test(copy.args))).toBe(true)
  })

  it('when it runs, then the services listen on all interfaces of the container at the exposed port', () => {
    const env = runtimeStage.instructions
      .filter((i) => i.keyword === 'ENV')
      .map((i) => i.args)
      .join(' ')
    expect(env).toMatch(/\bHOST=0\.0\.0\.0\b/)
    const port = /\bPORT=(\d+)\b/.exec(env)?.[1]
    expect(lastOf(runtimeStage, 'EXPOSE')?.args).toBe(port)
  })

  it('when Docker checks its health, then it runs the readiness script with the image runtime', () => {
    const healthcheck = lastOf(runtimeStage, 'HEALTHCHECK')
    expect(healthcheck).toBeDefined()
    const command = execForm(healthcheck!.args.slice(healthcheck!.args.indexOf('CMD') + 3).trim())
    expect(command[0]).toBe(runtime)
    expect(command.at(-1)).toBe('deploy/healthcheck.mjs')
  })
})

describe('the Node image (deploy/Dockerfile)', () => {
  const file = parseDockerfile(readRepoFile('deploy/Dockerfile'))

  it('when it is built, then it bundles every service its command runs, from the sources in the context', () => {
    const runs = buildCommandsOf(file)
    const script = 'libs/stack/src/service-bundles.ts'
    expect(existsSync(repoPath(script))).toBe(true)
    expect(runs.some((command) => command.includes(`node --import tsx ${script}`))).toBe(true)
    const started = new Set(SERVICE_NAMES.map((service) => startCommand(service, 'node').at(-1)))
    expect([...started].sort()).toEqual(SERVICE_PACKAGES.map(bundleFileOf).sort())
  })
})

describe('the dependency layer', () => {
  it('when the images install the lockfile with npm ci, then npm accepts it as in sync with the manifests', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cms-image-deps-'))
    try {
      const manifests = [
        'package.json',
        'package-lock.json',
        ...rootPackage.workspaces.flatMap((pattern) =>
          pattern.endsWith('/*')
            ? readdirSync(repoPath(pattern.slice(0, -2))).map(
                (name) => `${pattern.slice(0, -2)}/${name}/package.json`,
              )
            : [`${pattern}/package.json`],
        ),
      ].filter((path) => existsSync(repoPath(path)))
      for (const path of manifests) {
        mkdirSync(dirname(join(dir, path)), { recursive: true })
        copyFileSync(repoPath(path), join(dir, path))
      }
      const npm = await run(
        'npm',
        [
          'ci',
          '--omit=dev',
          '--ignore-scripts',
          '--dry-run',
          '--offline',
          '--no-audit',
          '--no-fund',
        ],
        {
          cwd: dir,
          timeout: 60_000,
        },
      ).then(
        () => '',
        (error: { stderr?: string }) => String(error.stderr ?? error),
      )
      expect(
        npm
          .split('\n')
          .filter((line) => /npm error/.test(line))
          .slice(0, 8),
      ).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 90_000)
})

describe('the production dependencies', () => {
  it('when the image omits dev dependencies, then every package a service or the image build loads is still installed', () => {
    const workspaces = new Map<string, string>()
    for (const pattern of rootPackage.workspaces) {
      const folders = pattern.endsWith('/*')
        ? readdirSync(repoPath(pattern.slice(0, -2))).map(
            (name) => `${pattern.slice(0, -2)}/${name}`,
          )
        : [pattern]
      for (const folder of folders.filter((f) => existsSync(repoPath(f, 'package.json')))) {
        workspaces.set(
          (JSON.parse(readRepoFile(folder, 'package.json')) as { name: string }).name,
          folder,
        )
      }
    }
    const entries = [
      ...SERVICE_NAMES.map(entryFileOf),
      'libs/stack/src/service-bundles.ts',
      'apps/admin-ui/build.ts',
      'apps/admin-ui/src/main.tsx',
      'apps/cli/src/cms.ts',
      'deploy/healthcheck.mjs',
    ]
    const { files, packages } = runtimeImports({ root: REPO_ROOT, entries, workspaces })
    expect(files.length).toBeGreaterThan(entries.length)
    expect(
      files.filter((file) => !inContext(parseDockerignore(readRepoFile('.dockerignore')), file)),
    ).toEqual([])
    const lock = JSON.parse(readRepoFile('package-lock.json')) as {
      packages: Record<string, { dev?: boolean }>
    }
    packages.set('tsx', 'the build steps')
    const missing = [...packages]
      .filter(([name]) => {
        const entry = lock.packages[`node_modules/${name}`]
        return entry === undefined || entry.dev === true
      })
      .map(([name, importer]) => `${name} (imported by ${importer})`)
    expect(missing).toEqual([])
  })
})

describe('the build context (.dockerignore)', () => {
  const rules = parseDockerignore(readRepoFile('.dockerignore'))

  function filesUnder(dir: string): string[] {
    const found: string[] = []
    const walk = (path: string) => {
      for (const entry of readdirSync(path, { withFileTypes: true })) {
        if (entry.name === 'node_modules') continue
        const child = join(path, entry.name)
        if (entry.isDirectory()) walk(child)
        else found.push(relative(REPO_ROOT, child))
      }
    }
    walk(repoPath(dir))
    return found
  }

  it('when an image is built, then the context holds every source, manifest and config file the services run', () => {
    const needed = [
      'package.json',
      'package-lock.json',
      'tsconfig.base.json',
      'tsconfig.json',
      'deploy/healthcheck.mjs',
      ...rootPackage.workspaces.flatMap((pattern) =>
        pattern.endsWith('/*')
          ? readdirSync(repoPath(pattern.slice(0, -2))).map(
              (name) => `${pattern.slice(0, -2)}/${name}/package.json`,
            )
          : [`${pattern}/package.json`],
      ),
      ...filesUnder('libs').filter((p) => /^libs\/[^/]+\/src\//.test(p)),
      ...filesUnder('services').filter((p) => !/^services\/[^/]+\/test\//.test(p)),
    ].filter((p) => !p.endsWith('.test.ts') && !p.includes('/dist/'))
    expect(needed.length).toBeGreaterThan(20)
    expect(needed.filter((p) => !inContext(rules, p))).toEqual([])
  })

  it('when an image is built, then secrets, dependencies, git data and tests stay out of the context', () => {
    const excluded = [
      '.env',
      '.env.production',
      'node_modules/koa/package.json',
      'libs/config/node_modules/x/index.js',
      '.git/config',
      '.data/test/mongod.lock',
      'k8s/overlays/dev/secrets.env',
      'test/deploy/images.test.ts',
      'services/gateway/test/access.test.ts',
      'libs/config/src/read-config.test.ts',
      'docker-compose.yml',
      'apps/admin-ui/dist/index.html',
    ]
    expect(excluded.filter((p) => inContext(rules, p))).toEqual([])
  })
})

describe('the health check script (deploy/healthcheck.mjs)', () => {
  let server: ReturnType<typeof createServer>
  let port: number
  let status = 200

  beforeAll(async () => {
    server = createServer((request, response) => {
      response.statusCode = request.url === '/readyz' ? status : 404
      response.end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  async function exitCode(command: string[], env: Record<string, string>): Promise<number> {
    const childEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env }
    try {
      await run(command[0]!, command.slice(1), { cwd: REPO_ROOT, env: childEnv, timeout: 20_000 })
      return 0
    } catch (error) {
      return (error as { code?: number }).code ?? -1
    }
  }

  /** The HEALTHCHECK command of an image, with its runtime from this machine. */
  function healthcheckOf(path: string, program: string): string[] {
    const instruction = lastOf(finalStage(parseDockerfile(readRepoFile(path))), 'HEALTHCHECK')!
    const command = execForm(instruction.args.slice(instruction.args.indexOf('CMD') + 3).trim())
    return [program, ...command.slice(1)]
  }
  const node = healthcheckOf('deploy/Dockerfile', process.execPath)

  it('when the service is ready, then it exits 0; when not ready or not listening, then 1', async () => {
    status = 200
    expect(await exitCode(node, { PORT: String(port) })).toBe(0)
    status = 503
    expect(await exitCode(node, { PORT: String(port) })).toBe(1)
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const unused = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    expect(await exitCode(node, { PORT: String(unused) })).toBe(1)
  })

  it('when it runs in the gateway container, then it checks CMS_PORT, where the gateway listens', async () => {
    status = 200
    expect(await exitCode(node, { CMS_PORT: String(port), PORT: '1' })).toBe(0)
  })

  it('when it runs on Deno with the permissions the Deno image grants, then it answers the same', async () => {
    const deno = healthcheckOf('deploy/Dockerfile.deno', repoPath('node_modules/.bin/deno'))
    const denoDir = { DENO_DIR: join(REPO_ROOT, '.cache', 'deno-healthcheck') }
    status = 200
    expect(await exitCode(deno, { PORT: String(port), ...denoDir })).toBe(0)
    status = 503
    expect(await exitCode(deno, { PORT: String(port), ...denoDir })).toBe(1)
  }, 60_000)
})
