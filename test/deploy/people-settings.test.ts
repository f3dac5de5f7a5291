import { describe, expect, it } from 'vitest'
import { gatewayConfigSpec, readGatewayConfig } from '../../services/gateway/src/config.ts'
import { environmentOf, loadCompose } from './support/compose.ts'
import {
  BUILDS,
  array,
  build,
  envOf,
  mainContainer,
  named,
  object,
  ofKind,
  plainValue,
  spec,
} from './support/k8s.ts'
import type { Resource } from './support/kustomize.ts'
import { readRepoFile, repoPath, SERVICE_NAMES } from './support/repo.ts'

/** The variables of the Settings table of docs/people.md. */
function peopleSettings(): string[] {
  const section = readRepoFile('docs', 'people.md').split(/^## /m)
  const settings = section.find((part) => part.startsWith('Settings'))
  if (!settings) throw new Error('docs/people.md has no Settings section')
  return [...settings.matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((match) => match[1]!)
}

/** What the operator's Secret and .env hold; their values do not matter here. */
const SECRETS = {
  INTERNAL_TOKEN: 'internal-token-for-the-people-test',
  CMS_ADMIN_TOKEN: 'admin-token-for-the-people-test',
  MONGO_URL: 'mongodb://mongo:27017',
  REDIS_URL: 'redis://redis:6379',
}

const gatewayOf = (resources: readonly Resource[]) =>
  mainContainer(named(resources, 'Deployment', 'gateway')!)

describe('people settings in the deployment', () => {
  it('when docs/people.md lists the settings, then each is one the gateway reads', () => {
    const settings = peopleSettings()
    expect(settings.length).toBeGreaterThanOrEqual(9)
    expect(settings.filter((name) => !(name in gatewayConfigSpec))).toEqual([])
  })

  it.each(BUILDS)(
    'when %s is built, then the gateway gets every people setting, the ConfigMap values parse, and OIDC_PROVIDERS comes only from the Secret',
    (dir) => {
      const resources = build(dir)
      const env = envOf(gatewayOf(resources))
      expect(peopleSettings().filter((name) => !env.has(name))).toEqual([])
      expect(env.get('OIDC_PROVIDERS')).toEqual({
        secret: expect.stringMatching(/^cms-secrets/),
        key: 'OIDC_PROVIDERS',
      })
      const reference = array(gatewayOf(resources).env)
        .map(object)
        .find((entry) => entry.name === 'OIDC_PROVIDERS')
      // Single sign-on is optional: a Secret without the key still starts the gateway.
      expect(object(object(reference?.valueFrom).secretKeyRef).optional).toBe(true)
      for (const configMap of ofKind(resources, 'ConfigMap'))
        expect(Object.keys(object(configMap.data))).not.toContain('OIDC_PROVIDERS')

      const plain = Object.fromEntries(
        [...env].flatMap(([name, source]) => {
          const value = plainValue(resources, source)
          return value === undefined ? [] : [[name, value]]
        }),
      )
      expect(() => readGatewayConfig({ ...plain, ...SECRETS })).not.toThrow()
      for (const service of SERVICE_NAMES.filter((name) => name !== 'gateway')) {
        const other = envOf(mainContainer(named(resources, 'Deployment', service)!))
        expect(
          peopleSettings().filter((name) => other.has(name)),
          service,
        ).toEqual([])
      }
    },
  )

  it('when the production overlay is built, then PUBLIC_URL is the Ingress host over https', () => {
    const resources = build('k8s/overlays/production')
    const publicUrl = plainValue(resources, envOf(gatewayOf(resources)).get('PUBLIC_URL')!)
    const ingress = ofKind(resources, 'Ingress')[0]!
    const hosts = array(spec(ingress).rules).map((rule) => object(rule).host)
    expect(hosts).toContain(new URL(publicUrl!).host)
    expect(new URL(publicUrl!).protocol).toBe('https:')
    expect(
      plainValue(build('k8s/base'), envOf(gatewayOf(build('k8s/base'))).get('PUBLIC_URL')!),
    ).toBe('')
  })

  it('when compose starts with or without the settings in .env, then only the gateway gets them and they parse', () => {
    const base = {
      CMS_ADMIN_TOKEN: SECRETS.CMS_ADMIN_TOKEN,
      INTERNAL_TOKEN: SECRETS.INTERNAL_TOKEN,
      RABBITMQ_PASSWORD: 'rabbitpassword',
    }
    const providers = '[{"id":"dex","name":"Dex","issuer":"https://dex.example.com"}]'
    const file = loadCompose([repoPath('docker-compose.yml')], {
      ...base,
      OIDC_PROVIDERS: providers,
      SESSION_IDLE_MINUTES: '15',
      ADMIN_TOKEN_ENABLED: 'false',
    })
    const gateway = environmentOf(file.services.gateway!)
    expect(peopleSettings().filter((name) => gateway[name] === undefined)).toEqual([])
    expect(gateway).toMatchObject({
      OIDC_PROVIDERS: providers,
      SESSION_IDLE_MINUTES: '15',
      ADMIN_TOKEN_ENABLED: 'false',
    })
    for (const service of Object.keys(file.services).filter((name) => name !== 'gateway'))
      expect(environmentOf(file.services[service]!).OIDC_PROVIDERS, service).toBeUndefined()

    const defaults = environmentOf(
      loadCompose([repoPath('docker-compose.yml')], base).services.gateway!,
    )
    const config = readGatewayConfig({ ...defaults, MONGO_URL: SECRETS.MONGO_URL })
    expect(config).toMatchObject({
      PUBLIC_URL: undefined,
      OIDC_PROVIDERS: undefined,
      PEOPLE_SIGN_UP: 'invitation',
      SESSION_IDLE_MINUTES: 60,
      SESSION_MAX_HOURS: 12,
      ADMIN_TOKEN_ENABLED: true,
    })
  })
})
