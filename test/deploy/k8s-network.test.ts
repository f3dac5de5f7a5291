import { describe, expect, it } from 'vitest'
import { BUILDS, build, envOf, mainContainer, named, ofKind, podLabels } from './support/k8s.ts'
import type { Resource } from './support/kustomize.ts'
import { connectionAllowed } from './support/network-policy.ts'
import type { Peer } from './support/network-policy.ts'
import { SERVICE_NAMES } from './support/repo.ts'
import type { ServiceName } from './support/repo.ts'

/** Who calls whom over HTTP, from docs/architecture.md ("Request path", "Between services"). */
const CALLS: ReadonlyArray<readonly [ServiceName, ServiceName]> = [
  ['gateway', 'content-read'],
  ['gateway', 'content-write'],
  ['gateway', 'schema'],
  ['gateway', 'webhook'],
  ['content-read', 'schema'],
  ['content-write', 'schema'],
  ['schema', 'content-read'],
]
const HTTP = 8080
/** METRICS_PORT in the manifests: /metrics is served there, never on HTTP. */
const METRICS = 9464
const BACKING_PORTS: Readonly<Record<string, number>> = {
  MONGO_URL: 27017,
  REDIS_URL: 6379,
  AMQP_URL: 5672,
}
const IN_CLUSTER_SERVER = '10.20.30.40'
const MANAGED_SERVER = '34.1.2.3'
const PUBLIC_ENDPOINT = '93.184.216.34'

function namespaceOf(resources: readonly Resource[]): string {
  return String(ofKind(resources, 'Deployment')[0]!.metadata.namespace ?? 'default')
}

function podOf(resources: readonly Resource[], service: string): Peer {
  const namespace = namespaceOf(resources)
  const deployment = named(resources, 'Deployment', service)!
  return {
    pod: {
      namespace,
      namespaceLabels: { 'kubernetes.io/metadata.name': namespace },
      labels: podLabels(deployment),
    },
    ip: '10.1.0.10',
  }
}

function foreignPod(namespace: string, labels: Record<string, string> = {}): Peer {
  return {
    pod: { namespace, namespaceLabels: { 'kubernetes.io/metadata.name': namespace }, labels },
    ip: '10.2.0.20',
  }
}

const external = (ip: string): Peer => ({ ip })

describe.each(BUILDS)('NetworkPolicies of %s', (dir) => {
  const resources = build(dir)
  const policies = ofKind(resources, 'NetworkPolicy')
  const allowed = (from: Peer, to: Peer, port: number, protocol = 'TCP') =>
    connectionAllowed(policies, from, to, port, protocol)

  it('when a pod no policy names runs in the namespace, then nothing reaches it and it reaches nothing but DNS', () => {
    const stranger: Peer = { ...foreignPod(namespaceOf(resources), { app: 'debug' }) }
    for (const service of SERVICE_NAMES) {
      expect(allowed(podOf(resources, service), stranger, HTTP), service).toBe(false)
      expect(allowed(stranger, podOf(resources, service), HTTP), service).toBe(false)
    }
    expect(allowed(foreignPod('ingress-nginx'), stranger, HTTP)).toBe(false)
    expect(allowed(external(PUBLIC_ENDPOINT), stranger, HTTP)).toBe(false)
    expect(allowed(stranger, external(PUBLIC_ENDPOINT), 443)).toBe(false)
    expect(allowed(stranger, external('10.96.0.10'), 53, 'UDP')).toBe(true)
  })

  it('when services call each other, then exactly the calls of the architecture are allowed', () => {
    const expected = CALLS.map(([from, to]) => `${from} -> ${to}`).sort()
    const actual: string[] = []
    for (const from of SERVICE_NAMES) {
      for (const to of SERVICE_NAMES) {
        if (from !== to && allowed(podOf(resources, from), podOf(resources, to), HTTP))
          actual.push(`${from} -> ${to}`)
      }
    }
    expect(actual.sort()).toEqual(expected)
  })

  it('when a client outside the namespace connects, then it reaches the gateway and no internal service', () => {
    const controller = foreignPod('ingress-nginx', { 'app.kubernetes.io/name': 'ingress-nginx' })
    expect(allowed(controller, podOf(resources, 'gateway'), HTTP)).toBe(true)
    expect(allowed(external(PUBLIC_ENDPOINT), podOf(resources, 'gateway'), HTTP)).toBe(true)
    for (const service of SERVICE_NAMES.filter((s) => s !== 'gateway')) {
      expect(allowed(controller, podOf(resources, service), HTTP), service).toBe(false)
      expect(allowed(external(PUBLIC_ENDPOINT), podOf(resources, service), HTTP), service).toBe(
        false,
      )
    }
  })

  it('when Prometheus scrapes from the monitoring namespace, then it reaches every service on the metrics port, and nothing else reaches that port', () => {
    const controller = foreignPod('ingress-nginx', { 'app.kubernetes.io/name': 'ingress-nginx' })
    for (const service of SERVICE_NAMES) {
      const pod = podOf(resources, service)
      expect(allowed(foreignPod('monitoring'), pod, METRICS), service).toBe(true)
      expect(allowed(foreignPod('tenant-a'), pod, METRICS), service).toBe(false)
      expect(allowed(controller, pod, METRICS), service).toBe(false)
      expect(allowed(external(PUBLIC_ENDPOINT), pod, METRICS), service).toBe(false)
      for (const other of SERVICE_NAMES.filter((s) => s !== service))
        expect(allowed(podOf(resources, other), pod, METRICS), `${other} -> ${service}`).toBe(false)
      // The service port stays as the architecture has it: only the gateway's is public.
      if (service !== 'gateway')
        expect(allowed(foreignPod('monitoring'), pod, HTTP), service).toBe(false)
    }
  })

  it('when a service connects to its backing servers, in the cluster or managed, then it may, and to no others', () => {
    for (const service of SERVICE_NAMES) {
      const env = envOf(mainContainer(named(resources, 'Deployment', service)!))
      for (const [variable, port] of Object.entries(BACKING_PORTS)) {
        const from = podOf(resources, service)
        expect(allowed(from, external(IN_CLUSTER_SERVER), port), `${service} ${variable}`).toBe(
          env.has(variable),
        )
        // Public addresses are open to the webhook service anyway (deliveries).
        if (env.has(variable))
          expect(allowed(from, external(MANAGED_SERVER), port), `${service} ${variable}`).toBe(true)
      }
      expect(
        allowed(podOf(resources, service), external('10.96.0.10'), 53, 'UDP'),
        `${service} DNS`,
      ).toBe(true)
    }
  })

  it('when a webhook is delivered, then public endpoints are reachable and private or metadata addresses are not', () => {
    const webhook = podOf(resources, 'webhook')
    expect(allowed(webhook, external(PUBLIC_ENDPOINT), 443)).toBe(true)
    expect(allowed(webhook, external(PUBLIC_ENDPOINT), 8443)).toBe(true)
    for (const address of [
      '169.254.169.254',
      '10.0.0.5',
      '172.16.3.4',
      '192.168.1.1',
      '127.0.0.1',
    ]) {
      expect(allowed(webhook, external(address), 443), address).toBe(false)
    }
    for (const service of SERVICE_NAMES.filter((s) => s !== 'webhook')) {
      expect(allowed(podOf(resources, service), external(PUBLIC_ENDPOINT), 443), service).toBe(
        false,
      )
    }
  })
})
