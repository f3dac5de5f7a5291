import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadCompose } from './support/compose.ts'
import { inContext, parseDockerignore } from './support/dockerignore.ts'
import type { Resource } from './support/kustomize.ts'
import { connectionAllowed } from './support/network-policy.ts'

// kustomize and compose are the real tools (GO_TOOLS in libs/stack); what stands in for Docker
// (.dockerignore) and the network plugin is pinned here, with the compose validation the
// checks rely on.

describe('.dockerignore matching', () => {
  const rules = parseDockerignore(
    '**/node_modules\ntest/*\n!test/package.json\ndeploy/*\n!deploy/keep.mjs\n*.md\n',
  )

  it('when a path or one of its folders matches, then it is left out, unless a later ! pattern takes it back', () => {
    expect(inContext(rules, 'node_modules/a/index.js')).toBe(false)
    expect(inContext(rules, 'libs/x/node_modules/a.js')).toBe(false)
    expect(inContext(rules, 'test/e2e.test.ts')).toBe(false)
    expect(inContext(rules, 'test/package.json')).toBe(true)
    expect(inContext(rules, 'deploy/Dockerfile')).toBe(false)
    expect(inContext(rules, 'deploy/keep.mjs')).toBe(true)
    expect(inContext(rules, 'README.md')).toBe(false)
    expect(inContext(rules, 'docs/README.md')).toBe(true)
    expect(inContext(rules, 'libs/x/src/index.ts')).toBe(true)
  })
})

describe('docker compose config', () => {
  let root: string
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it('when a file has an unknown key or a bad duration, then compose refuses it and names the problem', () => {
    root = mkdtempSync(join(tmpdir(), 'cms-compose-'))
    const file = (name: string, service: string) => {
      writeFileSync(join(root, name), `services:\n  app:\n${service}`)
      return join(root, name)
    }
    const typo = file('typo.yml', '    imagee: app\n')
    const duration = file('duration.yml', '    image: app\n    healthcheck: {interval: 5x}\n')
    const valid = file('valid.yml', '    image: app\n    healthcheck: {interval: 5s}\n')
    expect(() => loadCompose([typo], {})).toThrow(/imagee is not allowed/)
    expect(() => loadCompose([duration], {})).toThrow(/unknown unit "x"/)
    expect(loadCompose([valid], {}).services.app!.healthcheck).toMatchObject({ interval: '5s' })
  })
})

describe('NetworkPolicy evaluation', () => {
  const policy = (name: string, spec: Record<string, unknown>): Resource =>
    ({
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: { name, namespace: 'ns' },
      spec,
    }) as never
  const pod = (labels: Record<string, string>, namespace = 'ns') => ({
    pod: { namespace, namespaceLabels: { 'kubernetes.io/metadata.name': namespace }, labels },
    ip: '10.0.0.1',
  })

  it('when no policy selects a pod, then it is open; once selected, only matching rules let traffic through', () => {
    const a = pod({ app: 'a' })
    const b = pod({ app: 'b' })
    expect(connectionAllowed([], a, b, 80)).toBe(true)
    const onlyFromA = policy('b', {
      podSelector: { matchLabels: { app: 'b' } },
      policyTypes: ['Ingress'],
      ingress: [
        {
          from: [{ podSelector: { matchLabels: { app: 'a' } } }],
          ports: [{ protocol: 'TCP', port: 80 }],
        },
      ],
    })
    expect(connectionAllowed([onlyFromA], a, b, 80)).toBe(true)
    expect(connectionAllowed([onlyFromA], a, b, 81)).toBe(false)
    expect(connectionAllowed([onlyFromA], pod({ app: 'a' }, 'other'), b, 80)).toBe(false)
    expect(connectionAllowed([onlyFromA], pod({ app: 'c' }), b, 80)).toBe(false)
    const denyAll = policy('deny', { podSelector: {}, policyTypes: ['Egress'] })
    expect(connectionAllowed([onlyFromA, denyAll], a, b, 80)).toBe(false)
  })

  it('when a rule has an ipBlock with exceptions, then addresses inside the exceptions are refused', () => {
    const out = policy('out', {
      podSelector: {},
      policyTypes: ['Egress'],
      egress: [
        { to: [{ ipBlock: { cidr: '0.0.0.0/0', except: ['10.0.0.0/8', '169.254.0.0/16'] } }] },
      ],
    })
    const a = pod({ app: 'a' })
    expect(connectionAllowed([out], a, { ip: '8.8.8.8' }, 443)).toBe(true)
    expect(connectionAllowed([out], a, { ip: '10.1.2.3' }, 443)).toBe(false)
    expect(connectionAllowed([out], a, { ip: '169.254.169.254' }, 80)).toBe(false)
  })
})
