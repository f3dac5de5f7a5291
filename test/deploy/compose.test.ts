import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { IMAGES } from '@cms/stack'
import { variablesByService } from './support/architecture-env.ts'
import { commandOf, environmentOf, loadCompose } from './support/compose.ts'
import type { ComposeFile } from './support/compose.ts'
import { ToolError } from './support/go-tool.ts'
import { isObject } from './support/json.ts'
import type { JsonObject } from './support/json.ts'
import {
  REPO_ROOT,
  SERVICE_NAMES,
  packageOf,
  readRepoFile,
  repoPath,
  startCommand,
  entryFileOf,
} from './support/repo.ts'
import type { Runtime } from './support/repo.ts'

/** What a user puts in .env (deploy/env.example): the values themselves do not matter here. */
const USER_ENV = {
  CMS_ADMIN_TOKEN: 'admin-token-for-the-compose-test',
  INTERNAL_TOKEN: 'internal-token-for-the-compose-test',
  RABBITMQ_PASSWORD: 'rabbitpassword',
}
const REQUIRED = Object.keys(USER_ENV)
const BACKING = { mongo: 'MONGO_URL', redis: 'REDIS_URL', rabbitmq: 'AMQP_URL' } as const

const VARIANTS: ReadonlyArray<{ runtime: Runtime; files: string[]; dockerfile: string }> = [
  { runtime: 'node', files: ['docker-compose.yml'], dockerfile: 'deploy/Dockerfile' },
  {
    runtime: 'deno',
    files: ['docker-compose.yml', 'deploy/compose.deno.yml'],
    dockerfile: 'deploy/Dockerfile.deno',
  },
]

const load = (
  files: readonly string[],
  env: Record<string, string | undefined> = USER_ENV,
): ComposeFile =>
  loadCompose(
    files.map((file) => repoPath(file)),
    env,
  )

const object = (value: unknown): JsonObject =>
  isObject(value as never) ? (value as JsonObject) : {}
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

function dependsOn(file: ComposeFile, service: string): Record<string, string> {
  const raw = file.services[service]!.depends_on
  if (Array.isArray(raw))
    return Object.fromEntries(raw.map((name) => [String(name), 'service_started']))
  return Object.fromEntries(
    Object.entries(object(raw)).map(([name, v]) => [name, String(object(v).condition)]),
  )
}

/** The port a compose service listens on inside its container. */
function listeningPort(file: ComposeFile, service: string): number | undefined {
  const defaults: Record<string, number> = { mongo: 27017, redis: 6379, rabbitmq: 5672 }
  if (defaults[service]) return defaults[service]
  const env = environmentOf(file.services[service]!)
  const port = service === 'gateway' ? env.CMS_PORT : env.PORT
  return port === undefined ? undefined : Number(port)
}

describe.each(VARIANTS)('docker compose on $runtime', ({ runtime, files, dockerfile }) => {
  it('when docker compose config renders it with the variables of .env, then compose accepts it as valid against the Compose Specification', () => {
    expect(load(files).name).toBe('cms')
  })

  it('when a required secret is not set, then compose refuses to start and names it', () => {
    for (const name of REQUIRED) {
      const env: Record<string, string | undefined> = { ...USER_ENV, [name]: undefined }
      expect(() => load(files, env), name).toThrow(ToolError)
      expect(() => load(files, env), name).toThrow(new RegExp(`${name}.*set ${name}`))
      expect(() => load(files, { ...USER_ENV, [name]: '' }), `${name} empty`).toThrow(
        new RegExp(`${name}.*set ${name}`),
      )
    }
  })

  it("when started, then it runs the launcher's services plus mongo, redis and rabbitmq", () => {
    expect(Object.keys(load(files).services).sort()).toEqual(
      [...SERVICE_NAMES, ...Object.keys(BACKING)].sort(),
    )
  })

  it('when started, then only the gateway publishes a port, and it is the port the gateway listens on', () => {
    const file = load(files)
    for (const [name, service] of Object.entries(file.services)) {
      if (name === 'gateway') continue
      expect(service.ports, name).toBeUndefined()
      expect(service.network_mode, name).toBeUndefined()
    }
    const ports = list(file.services.gateway!.ports).map(object)
    expect(ports.length).toBe(1)
    const target = Number(ports[0]!.target)
    expect(target).toBe(listeningPort(file, 'gateway'))
    expect(ports[0]!.published).toBe('8080')
    expect(
      list(load(files, { ...USER_ENV, CMS_PUBLISH: '9090' }).services.gateway!.ports).map(object),
    ).toEqual([expect.objectContaining({ target, published: '9090' })])
  })

  it(`when built, then every app service comes from ${dockerfile} and starts with the launcher's ${runtime} command`, () => {
    const file = load(files)
    const images = new Set<string>()
    for (const service of SERVICE_NAMES) {
      const config = file.services[service]!
      const build = object(config.build)
      expect(build.context, service).toBe(REPO_ROOT)
      expect(build.dockerfile, service).toBe(dockerfile)
      expect(existsSync(repoPath(String(build.dockerfile)))).toBe(true)
      images.add(String(config.image))
      expect(commandOf(config), service).toEqual(startCommand(service, runtime))
      const entry = entryFileOf(service)
      expect(existsSync(repoPath(entry)), `${entry} exists`).toBe(true)
    }
    expect(images.size, 'one image for every service').toBe(1)
  })

  it('when started, then every service has a healthcheck, and app services check readiness with the image script', () => {
    const file = load(files)
    for (const [name, service] of Object.entries(file.services)) {
      const test = object(service.healthcheck).test
      expect(Array.isArray(test) && test.length > 1, name).toBe(true)
      expect(object(service.healthcheck).disable ?? false, name).toBe(false)
    }
    for (const service of SERVICE_NAMES) {
      const test = (object(file.services[service]!.healthcheck).test as string[]).join(' ')
      expect(test, service).toContain('deploy/healthcheck.mjs')
      expect(test.split(' ')[1], service).toBe(runtime)
    }
  })
})

describe('docker compose stack', () => {
  const file = load(['docker-compose.yml'])

  it('when started, then each service waits for healthy dependencies and the gateway for healthy upstreams, without cycles', () => {
    for (const [name, service] of Object.entries(file.services)) {
      const env = environmentOf(service)
      const needs = Object.entries(BACKING)
        .filter(([, variable]) => env[variable] !== undefined)
        .map(([backing]) => backing)
      const deps = dependsOn(file, name)
      for (const backing of needs)
        expect(deps[backing], `${name} -> ${backing}`).toBe('service_healthy')
      for (const dep of Object.keys(deps)) {
        expect(file.services[dep], `${name} -> ${dep}`).toBeDefined()
        expect(file.services[dep]!.healthcheck, `${dep} has a healthcheck`).toBeDefined()
      }
    }
    for (const upstream of SERVICE_NAMES.filter((s) => s !== 'gateway')) {
      expect(dependsOn(file, 'gateway')[upstream], upstream).toBe('service_healthy')
    }
    const visiting = new Set<string>()
    const done = new Set<string>()
    const visit = (name: string) => {
      if (done.has(name)) return
      if (visiting.has(name)) throw new Error(`depends_on cycle through ${name}`)
      visiting.add(name)
      for (const dep of Object.keys(dependsOn(file, name))) visit(dep)
      visiting.delete(name)
      done.add(name)
    }
    for (const name of Object.keys(file.services)) visit(name)
  })

  it('when a service calls another, then its URL names a compose service and the port that one listens on', () => {
    let urls = 0
    for (const [name, service] of Object.entries(file.services)) {
      for (const [variable, value] of Object.entries(environmentOf(service))) {
        // CMS_URL is the gateway's own; PUBLIC_URL where people reach it from outside.
        if (!variable.endsWith('_URL') || variable === 'CMS_URL' || variable === 'PUBLIC_URL')
          continue
        const url = new URL(value)
        expect(file.services[url.hostname], `${name} ${variable}`).toBeDefined()
        expect(Number(url.port), `${name} ${variable}`).toBe(listeningPort(file, url.hostname))
        urls++
      }
    }
    expect(urls).toBeGreaterThan(10)
  })

  it('when started, then each app service gets every variable docs/architecture.md lists for it', () => {
    const wanted = variablesByService()
    for (const service of SERVICE_NAMES) {
      const env = environmentOf(file.services[service]!)
      const required = wanted[packageOf(service) as keyof typeof wanted]
      expect(
        [...required].filter((name) => env[name] === undefined || env[name] === ''),
        service,
      ).toEqual([])
      expect(env.HOST, service).toBe('0.0.0.0')
    }
    expect(environmentOf(file.services['content-read']!).CONTENT_MODE).toBe('read')
    expect(environmentOf(file.services['content-write']!).CONTENT_MODE).toBe('write')
    const holders = SERVICE_NAMES.filter(
      (s) => environmentOf(file.services[s]!).CMS_ADMIN_TOKEN !== undefined,
    )
    expect(holders).toEqual(['gateway'])
  })

  it('when .env sets MEDIA_MAX_BYTES or leaves it out, then the gateway, which cuts uploads, and the content service, which stores them, get the same limit', () => {
    const limits = (of: ComposeFile) =>
      ['gateway', 'content-read', 'content-write'].map(
        (service) => environmentOf(of.services[service]!).MEDIA_MAX_BYTES,
      )
    expect(limits(file)).toEqual(['52428800', '52428800', '52428800'])
    const set = load(['docker-compose.yml'], { ...USER_ENV, MEDIA_MAX_BYTES: '1048576' })
    expect(limits(set)).toEqual(['1048576', '1048576', '1048576'])
  })

  it('when the gateway container runs the CLI, then the CLI finds the gateway and the admin token in its environment', () => {
    const env = environmentOf(file.services.gateway!)
    expect(new URL(env.CMS_URL!).port).toBe(env.CMS_PORT)
    expect(env.CMS_ADMIN_TOKEN).toBe(USER_ENV.CMS_ADMIN_TOKEN)
  })

  it('when started, then MongoDB runs as the replica set that its healthcheck initiates and MONGO_URL names', () => {
    const mongo = file.services.mongo!
    const command = commandOf(mongo)!
    const replicaSet = command[command.indexOf('--replSet') + 1]
    expect(replicaSet).toBe('rs0')
    const check = (object(mongo.healthcheck).test as string[]).join(' ')
    expect(check).toContain(`rs.initiate({ _id: '${replicaSet}'`)
    expect(check).toContain("host: 'mongo:27017'")
    expect(check).toContain('isWritablePrimary')
    for (const service of SERVICE_NAMES) {
      const url = new URL(environmentOf(file.services[service]!).MONGO_URL!)
      expect(url.searchParams.get('replicaSet'), service).toBe(replicaSet)
    }
  })

  it('when the stack is recreated, then the data of mongo, redis and rabbitmq survives in named volumes', () => {
    const declared = Object.keys(file.volumes ?? {})
    const dataDirs = { mongo: '/data/db', redis: '/data', rabbitmq: '/var/lib/rabbitmq' } as const
    for (const [service, target] of Object.entries(dataDirs)) {
      const mounts = list(file.services[service]!.volumes).map(object)
      const mount = mounts.find((m) => m.target === target)
      expect(mount?.type, service).toBe('volume')
      expect(declared, service).toContain(mount!.source)
    }
    expect(file.services.rabbitmq!.hostname, 'RabbitMQ keeps its node name, and so its data').toBe(
      'rabbitmq',
    )
    for (const service of Object.values(file.services)) {
      for (const mount of list(service.volumes).map(object)) expect(mount.type).toBe('volume')
    }
  })

  it('when started, then the backing servers run the images the tests run against', () => {
    expect(file.services.mongo!.image).toBe(IMAGES.mongo)
    expect(file.services.redis!.image).toBe(IMAGES.redis)
    expect(file.services.rabbitmq!.image).toBe(IMAGES.rabbitmq)
    expect(file.services.mongo!.image).toMatch(/^mongo:7/)
  })

  it('when started, then app containers are hardened as the pods are: read-only, no capabilities, no new privileges', () => {
    for (const service of SERVICE_NAMES) {
      const config = file.services[service]!
      expect(config.read_only, service).toBe(true)
      expect(config.tmpfs, service).toEqual(['/tmp'])
      expect(config.cap_drop, service).toEqual(['ALL'])
      expect(config.security_opt, service).toContain('no-new-privileges:true')
      expect(config.restart, service).toBe('unless-stopped')
    }
  })

  it('when the user creates .env from deploy/env.example, then it names every variable compose requires', () => {
    const raw = readRepoFile('docker-compose.yml')
    const required = new Set([...raw.matchAll(/\$\{(\w+):\?/g)].map((match) => match[1]!))
    expect([...required].sort()).toEqual([...REQUIRED].sort())
    const example = readRepoFile('deploy', 'env.example')
    for (const name of required) expect(example, name).toMatch(new RegExp(`^${name}=$`, 'm'))
  })
})
