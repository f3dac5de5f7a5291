import { describe, expect, it } from 'vitest'
import { readGatewayConfig } from '../../services/gateway/src/config.ts'
import { environmentOf, loadCompose } from './support/compose.ts'
import { build, envOf, mainContainer, named, plainValue } from './support/k8s.ts'
import { repoPath } from './support/repo.ts'

const SECRETS = {
  INTERNAL_TOKEN: 'internal-token-for-the-graphql-test',
  CMS_ADMIN_TOKEN: 'admin-token-for-the-graphql-test',
  MONGO_URL: 'mongodb://mongo:27017',
  REDIS_URL: 'redis://redis:6379',
  CONTENT_READ_URL: 'http://content-read:8080',
  CONTENT_WRITE_URL: 'http://content-write:8080',
  SCHEMA_URL: 'http://schema:8080',
  WEBHOOK_URL: 'http://webhook:8080',
}

/** The gateway's GRAPHQL_INTROSPECTION as the built manifests give it. */
function introspectionOf(dir: string): boolean {
  const resources = build(dir)
  const env = envOf(mainContainer(named(resources, 'Deployment', 'gateway')!))
  const value = plainValue(resources, env.get('GRAPHQL_INTROSPECTION')!)
  return readGatewayConfig({ ...SECRETS, GRAPHQL_INTROSPECTION: value }).GRAPHQL_INTROSPECTION
}

describe('GraphQL settings in the deployment', () => {
  it('graphql: introspection can be switched off — when the manifests are built, then the production overlay switches introspection off and the base and dev leave it on', () => {
    expect(introspectionOf('k8s/overlays/production')).toBe(false)
    expect(introspectionOf('k8s/overlays/dev')).toBe(true)
    expect(introspectionOf('k8s/base')).toBe(true)
  })
  it('graphql: introspection can be switched off — when compose starts the production-like stack, then the gateway runs without introspection unless .env turns it on', () => {
    const env = {
      CMS_ADMIN_TOKEN: SECRETS.CMS_ADMIN_TOKEN,
      INTERNAL_TOKEN: SECRETS.INTERNAL_TOKEN,
      RABBITMQ_PASSWORD: 'rabbitpassword',
    }
    const gatewayOf = (extra: Record<string, string>) =>
      environmentOf(
        loadCompose([repoPath('docker-compose.yml')], { ...env, ...extra }).services.gateway!,
      )
    expect(gatewayOf({}).GRAPHQL_INTROSPECTION).toBe('false')
    expect(gatewayOf({ GRAPHQL_INTROSPECTION: 'true' }).GRAPHQL_INTROSPECTION).toBe('true')
  })
})
