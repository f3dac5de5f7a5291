import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { variablesByService } from './support/architecture-env.ts'
import {
  BUILDS,
  OVERLAYS,
  array,
  build,
  documentedSecretKeys,
  envOf,
  mainContainer,
  named,
  object,
  ofKind,
  plainValue,
  podLabels,
  podSpec,
  podTemplate,
  spec,
} from './support/k8s.ts'
import type { Resource } from './support/kustomize.ts'
import { schemaProblems } from './support/k8s-schema.ts'
import { parseQuantity } from './support/quantity.ts'
import { SERVICE_NAMES, entryFileOf, packageOf, repoPath, startCommand } from './support/repo.ts'
import { isObject } from './support/json.ts'
import { readYamlDocuments } from './support/yaml.ts'

/** The Secret the operator creates outside git (docs/deployment.md). */
const OPERATOR_SECRET = 'cms-secrets'
/** How long a service takes to drain in-flight requests after SIGTERM (libs/http default). */
const DRAIN_SECONDS = 10
const AUTOSCALED = ['gateway', 'content-read']

const builds = new Map<string, Resource[]>()
const built = (dir: string): Resource[] => {
  if (!builds.has(dir)) builds.set(dir, build(dir))
  return builds.get(dir)!
}

function deploymentOf(resources: readonly Resource[], service: string): Resource {
  const deployment = named(resources, 'Deployment', service)
  if (!deployment) throw new Error(`no Deployment ${service}`)
  return deployment
}

function containerPort(container: Record<string, unknown>, port: unknown): number | undefined {
  const ports = array(container.ports as never).map(object)
  if (typeof port === 'number')
    return ports.some((p) => p.containerPort === port) ? port : undefined
  const found = ports.find((p) => p.name === port)
  return typeof found?.containerPort === 'number' ? found.containerPort : undefined
}

/** An nginx size (`2m`, `512k`, `1000`) in bytes; NaN when it is none. */
function nginxBytes(size: unknown): number {
  const match = /^(\d+)([kKmMgG]?)$/.exec(String(size))
  if (!match) return Number.NaN
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[match[2]!.toLowerCase()]!
  return Number(match[1]) * unit
}

describe.each(BUILDS)('Kubernetes manifests of %s', (dir) => {
  it('when built, then every object is valid against the Kubernetes schemas, with no unknown field', async () => {
    const problems = (
      await Promise.all(built(dir).map((resource) => schemaProblems(resource)))
    ).flat()
    expect(problems).toEqual([])
  })

  it("when built, then each service has a Deployment running the launcher's start command on an existing entry", () => {
    const resources = built(dir)
    expect(
      ofKind(resources, 'Deployment')
        .map((d) => d.metadata.name)
        .sort(),
    ).toEqual([...SERVICE_NAMES].sort())
    for (const service of SERVICE_NAMES) {
      const container = mainContainer(deploymentOf(resources, service))
      expect(container.command, service).toEqual(startCommand(service, 'node'))
      expect(container.args, service).toBeUndefined()
      const entry = entryFileOf(service)
      expect(existsSync(repoPath(entry)), `${entry} exists`).toBe(true)
    }
  })

  it('when built, then every pod is probed for readiness on /readyz and liveness on /healthz at the port it listens on', () => {
    const resources = built(dir)
    for (const service of SERVICE_NAMES) {
      const container = mainContainer(deploymentOf(resources, service))
      const env = envOf(container)
      const portVariable = service === 'gateway' ? 'CMS_PORT' : 'PORT'
      const listening = Number(plainValue(resources, env.get(portVariable) ?? { value: '' }))
      for (const [probe, path] of [
        ['readinessProbe', '/readyz'],
        ['livenessProbe', '/healthz'],
      ] as const) {
        const httpGet = object(object(container[probe]).httpGet)
        expect(httpGet.path, `${service} ${probe}`).toBe(path)
        expect(containerPort(container, httpGet.port), `${service} ${probe} port`).toBe(listening)
      }
      expect(listening, `${service} listens on the container port`).toBe(8080)
    }
  })

  it('when built, then every container requests and limits CPU and memory, requests within limits', () => {
    for (const deployment of ofKind(built(dir), 'Deployment')) {
      for (const container of array(podSpec(deployment).containers).map(object)) {
        const resources = object(container.resources)
        for (const kind of ['cpu', 'memory']) {
          const request = object(resources.requests)[kind]
          const limit = object(resources.limits)[kind]
          expect(request, `${deployment.metadata.name} ${kind} request`).toBeDefined()
          expect(limit, `${deployment.metadata.name} ${kind} limit`).toBeDefined()
          expect(parseQuantity(request as string)).toBeLessThanOrEqual(
            parseQuantity(limit as string),
          )
        }
      }
    }
  })

  it('when built, then pods run as non-root on a read-only root filesystem, without privileges or capabilities', () => {
    for (const deployment of ofKind(built(dir), 'Deployment')) {
      const name = deployment.metadata.name
      const pod = podSpec(deployment)
      const podSecurity = object(pod.securityContext)
      expect(podSecurity.runAsNonRoot, name).toBe(true)
      expect(podSecurity.runAsUser, name).toBeGreaterThan(0)
      expect(object(podSecurity.seccompProfile).type, name).toBe('RuntimeDefault')
      expect(pod.automountServiceAccountToken, name).toBe(false)
      expect(pod.hostNetwork ?? false, name).toBe(false)
      expect(pod.hostPID ?? false, name).toBe(false)
      expect(
        array(pod.volumes).filter((v) => isObject(v) && v.hostPath !== undefined),
        name,
      ).toEqual([])
      for (const container of array(pod.containers).map(object)) {
        const security = object(container.securityContext)
        expect(security.readOnlyRootFilesystem, name).toBe(true)
        expect(security.allowPrivilegeEscalation, name).toBe(false)
        expect(security.privileged ?? false, name).toBe(false)
        expect(object(security.capabilities).drop, name).toEqual(['ALL'])
        expect(object(security.capabilities).add, name).toBeUndefined()
        expect(security.runAsUser === 0, name).toBe(false)
        expect(
          array(container.ports).every((p) => object(p).hostPort === undefined),
          name,
        ).toBe(true)
      }
    }
  })

  it('when built, then /tmp, the only place the services write, is a writable emptyDir', () => {
    for (const deployment of ofKind(built(dir), 'Deployment')) {
      const pod = podSpec(deployment)
      const mount = array(mainContainer(deployment).volumeMounts)
        .map(object)
        .find((m) => m.mountPath === '/tmp')
      expect(mount, deployment.metadata.name).toBeDefined()
      expect(mount!.readOnly ?? false).toBe(false)
      const volume = array(pod.volumes)
        .map(object)
        .find((v) => v.name === mount!.name)
      expect(volume?.emptyDir, deployment.metadata.name).toBeDefined()
    }
  })

  it('when built, then a pod being stopped leaves the load balancers first and has time to drain', () => {
    for (const deployment of ofKind(built(dir), 'Deployment')) {
      const name = deployment.metadata.name
      const preStop = array(
        object(object(object(mainContainer(deployment).lifecycle).preStop).exec).command,
      )
      expect(preStop[0], name).toBe('sleep')
      const sleep = Number(preStop[1])
      expect(sleep, name).toBeGreaterThanOrEqual(3)
      const grace = Number(podSpec(deployment).terminationGracePeriodSeconds)
      expect(grace, name).toBeGreaterThanOrEqual(sleep + DRAIN_SECONDS + 5)
      const strategy = object(spec(deployment).strategy)
      expect(object(strategy.rollingUpdate).maxUnavailable, name).toBe(0)
    }
  })

  it('when built, then each service gets every variable docs/architecture.md lists for it', () => {
    const resources = built(dir)
    const wanted = variablesByService()
    for (const service of SERVICE_NAMES) {
      const env = envOf(mainContainer(deploymentOf(resources, service)))
      const required = wanted[packageOf(service) as keyof typeof wanted]
      expect(
        [...required].filter((name) => !env.has(name)),
        service,
      ).toEqual([])
      expect(plainValue(resources, env.get('HOST') ?? { value: '' }), service).toBe('0.0.0.0')
      expect(podSpec(deploymentOf(resources, service)).enableServiceLinks, service).toBe(false)
    }
    const mode = (service: string) =>
      plainValue(
        resources,
        envOf(mainContainer(deploymentOf(resources, service))).get('CONTENT_MODE')!,
      )
    expect(mode('content-read')).toBe('read')
    expect(mode('content-write')).toBe('write')
  })

  it('when built, then the gateway and the content service get one MEDIA_MAX_BYTES, and the Ingress streams an upload of that size to the gateway', () => {
    const resources = built(dir)
    const limits = ['gateway', 'content-read', 'content-write'].map((service) =>
      plainValue(
        resources,
        envOf(mainContainer(deploymentOf(resources, service))).get('MEDIA_MAX_BYTES')!,
      ),
    )
    expect(new Set(limits).size, limits.join()).toBe(1)
    const annotations = object(object(ofKind(resources, 'Ingress')[0]!.metadata).annotations)
    // The gateway takes MEDIA_MAX_BYTES of file plus 64 KiB of form framing.
    expect(nginxBytes(annotations['nginx.ingress.kubernetes.io/proxy-body-size'])).toBeGreaterThan(
      Number(limits[0]) + 64 * 1024,
    )
    expect(annotations['nginx.ingress.kubernetes.io/proxy-request-buffering']).toBe('off')
  })

  it('when built, then only the gateway gets the platform admin token', () => {
    const resources = built(dir)
    const holders = SERVICE_NAMES.filter((service) =>
      envOf(mainContainer(deploymentOf(resources, service))).has('CMS_ADMIN_TOKEN'),
    )
    expect(holders).toEqual(['gateway'])
  })

  it('when built, then every ConfigMap and Secret reference resolves to a key that will exist', () => {
    const resources = built(dir)
    const documented = documentedSecretKeys()
    for (const deployment of ofKind(resources, 'Deployment')) {
      expect(mainContainer(deployment).envFrom, 'variables are named one by one').toBeUndefined()
      for (const [variable, source] of envOf(mainContainer(deployment))) {
        const where = `${deployment.metadata.name} ${variable}`
        if ('configMap' in source) {
          const data = object(named(resources, 'ConfigMap', source.configMap)?.data)
          expect(data[source.key], where).toBeDefined()
        }
        if ('secret' in source) {
          const secret = named(resources, 'Secret', source.secret)
          if (secret) expect(object(secret.data)[source.key], where).toBeDefined()
          else expect(source.secret, where).toBe(OPERATOR_SECRET)
          expect(
            documented.has(source.key),
            `${where}: ${source.key} is in secrets.env.example`,
          ).toBe(true)
        }
      }
    }
  })

  it('when built, then every internal URL in the configuration names a Service of the build and its port', () => {
    const resources = built(dir)
    for (const service of SERVICE_NAMES) {
      for (const [variable, source] of envOf(mainContainer(deploymentOf(resources, service)))) {
        // PUBLIC_URL is where people reach the gateway from outside (people-settings.test.ts).
        if (!variable.endsWith('_URL') || variable === 'PUBLIC_URL' || 'secret' in source) continue
        const url = new URL(plainValue(resources, source)!)
        const target = named(resources, 'Service', url.hostname)
        expect(target, `${service} ${variable}`).toBeDefined()
        const port = Number(url.port || 80)
        expect(
          array(spec(target!).ports).some((p) => object(p).port === port),
          `${service} ${variable}`,
        ).toBe(true)
      }
    }
  })

  it('when built, then gateway and content-read, and only they, scale with an HPA that owns their replica count', () => {
    const resources = built(dir)
    const hpas = ofKind(resources, 'HorizontalPodAutoscaler')
    const targets = hpas.map((hpa) => object(spec(hpa).scaleTargetRef))
    expect(targets.map((t) => t.name).sort()).toEqual([...AUTOSCALED].sort())
    for (const hpa of hpas) {
      const target = object(spec(hpa).scaleTargetRef)
      expect(target.kind).toBe('Deployment')
      const deployment = deploymentOf(resources, String(target.name))
      expect(spec(deployment).replicas, `${target.name} leaves replicas to the HPA`).toBeUndefined()
      expect(Number(spec(hpa).minReplicas)).toBeLessThanOrEqual(Number(spec(hpa).maxReplicas))
      expect(array(spec(hpa).metrics).length).toBeGreaterThan(0)
    }
    for (const service of SERVICE_NAMES.filter((s) => !AUTOSCALED.includes(s))) {
      expect(spec(deploymentOf(resources, service)).replicas, service).toBeGreaterThanOrEqual(1)
    }
  })

  it('when built, then every Deployment has one PodDisruptionBudget that still lets a node drain', () => {
    const resources = built(dir)
    const budgets = ofKind(resources, 'PodDisruptionBudget')
    for (const deployment of ofKind(resources, 'Deployment')) {
      const labels = podLabels(deployment)
      const covering = budgets.filter((budget) => {
        const wanted = object(object(spec(budget).selector).matchLabels)
        return Object.entries(wanted).every(([k, v]) => labels[k] === v)
      })
      expect(covering.length, deployment.metadata.name).toBe(1)
      const budget = spec(covering[0]!)
      if (budget.maxUnavailable !== undefined)
        expect(Number(budget.maxUnavailable)).toBeGreaterThanOrEqual(1)
      else expect(Number(budget.minAvailable)).toBeLessThan(Number(spec(deployment).replicas ?? 2))
    }
  })

  it('when built, then each Deployment has a cluster-internal Service on its container port and nothing is exposed on nodes', () => {
    const resources = built(dir)
    for (const service of ofKind(resources, 'Service')) {
      expect(spec(service).type ?? 'ClusterIP', service.metadata.name).toBe('ClusterIP')
      expect(spec(service).externalIPs, service.metadata.name).toBeUndefined()
    }
    for (const deployment of ofKind(resources, 'Deployment')) {
      const labels = podLabels(deployment)
      const service = named(resources, 'Service', deployment.metadata.name)
      expect(service, deployment.metadata.name).toBeDefined()
      const selector = object(spec(service!).selector)
      expect(Object.entries(selector).every(([k, v]) => labels[k] === v)).toBe(true)
      for (const port of array(spec(service!).ports).map(object)) {
        expect(containerPort(mainContainer(deployment), port.targetPort)).toBe(8080)
      }
    }
  })

  it('when built, then the only Ingress routes to the gateway and nothing else', () => {
    const resources = built(dir)
    const ingresses = ofKind(resources, 'Ingress')
    expect(ingresses.length).toBe(1)
    const backends = array(spec(ingresses[0]!).rules)
      .flatMap((rule) => array(object(object(rule).http).paths))
      .map((path) => object(object(object(path).backend).service))
    expect(backends.length).toBeGreaterThan(0)
    for (const backend of backends) {
      expect(backend.name).toBe('gateway')
      const port = object(backend.port)
      const gateway = named(resources, 'Service', 'gateway')!
      expect(
        array(spec(gateway).ports).some(
          (p) => object(p).name === port.name || object(p).port === port.number,
        ),
      ).toBe(true)
    }
    expect(spec(ingresses[0]!).defaultBackend).toBeUndefined()
  })

  it('when built, then every service runs the same image, and the pods carry the labels the policies select on', () => {
    const resources = built(dir)
    const images = new Set(
      ofKind(resources, 'Deployment').map((d) => String(mainContainer(d).image)),
    )
    expect(images.size).toBe(1)
    for (const deployment of ofKind(resources, 'Deployment')) {
      expect(podLabels(deployment)['app.kubernetes.io/name']).toBe(deployment.metadata.name)
      expect(podLabels(deployment)['app.kubernetes.io/part-of']).toBe('cms')
      const annotations = object(object(podTemplate(deployment).metadata).annotations)
      expect(annotations).toMatchObject({ 'prometheus.io/scrape': 'true' })
      // Scraped on the metrics port the service serves /metrics on, never on its API port.
      const container = mainContainer(deployment)
      const metricsPort = Number(annotations['prometheus.io/port'])
      expect(containerPort(container, 'metrics'), deployment.metadata.name).toBe(metricsPort)
      expect(
        Number(plainValue(resources, envOf(container).get('METRICS_PORT') ?? { value: '' })),
        deployment.metadata.name,
      ).toBe(metricsPort)
      expect(metricsPort, deployment.metadata.name).not.toBe(8080)
    }
  })
})

describe.each(OVERLAYS)('Kubernetes overlay %s', (dir) => {
  it('when built, then everything namespaced is in its namespace, which enforces the restricted Pod Security Standard', () => {
    const resources = built(dir)
    const namespaces = ofKind(resources, 'Namespace')
    expect(namespaces.length).toBe(1)
    const namespace = namespaces[0]!
    expect(object(namespace.metadata.labels)['pod-security.kubernetes.io/enforce']).toBe(
      'restricted',
    )
    for (const resource of resources.filter((r) => r.kind !== 'Namespace')) {
      expect(resource.metadata.namespace, `${resource.kind} ${resource.metadata.name}`).toBe(
        namespace.metadata.name,
      )
    }
  })
})

describe('Kubernetes overlays, each for its purpose', () => {
  it('when the dev overlay is built, then it runs one replica each from the locally built image', () => {
    const resources = built('k8s/overlays/dev')
    for (const deployment of ofKind(resources, 'Deployment')) {
      expect(String(mainContainer(deployment).image)).toBe('cms:dev')
      if (!AUTOSCALED.includes(deployment.metadata.name)) expect(spec(deployment).replicas).toBe(1)
    }
    for (const hpa of ofKind(resources, 'HorizontalPodAutoscaler'))
      expect(spec(hpa).minReplicas).toBe(1)
  })

  it('when the dev overlay is built, then its Secret is generated from secrets.env with every documented key', () => {
    const secrets = ofKind(build('k8s/overlays/dev'), 'Secret')
    expect(secrets.length).toBe(1)
    expect(secrets[0]!.metadata.name.startsWith(`${OPERATOR_SECRET}-`)).toBe(true)
    expect(Object.keys(object(secrets[0]!.data)).sort()).toEqual([...documentedSecretKeys()].sort())
  })

  it('when the production overlay is built, then it runs a pinned image with at least two replicas of everything', () => {
    const resources = built('k8s/overlays/production')
    for (const deployment of ofKind(resources, 'Deployment')) {
      const image = String(mainContainer(deployment).image)
      expect(image).toMatch(/^[^:]+\/[^:]+:(?!latest$)[\w.-]+$/)
      if (!AUTOSCALED.includes(deployment.metadata.name)) {
        expect(spec(deployment).replicas, deployment.metadata.name).toBeGreaterThanOrEqual(2)
      }
    }
    for (const hpa of ofKind(resources, 'HorizontalPodAutoscaler')) {
      expect(spec(hpa).minReplicas).toBeGreaterThanOrEqual(2)
    }
  })

  it('when the production overlay is built, then the Ingress serves its host over TLS and no Secret is in the build', () => {
    const resources = built('k8s/overlays/production')
    const ingress = ofKind(resources, 'Ingress')[0]!
    const hosts = array(spec(ingress).rules).map((rule) => object(rule).host)
    const tlsHosts = array(spec(ingress).tls).flatMap((tls) => array(object(tls).hosts))
    expect(hosts.length).toBeGreaterThan(0)
    for (const host of hosts) expect(tlsHosts).toContain(host)
    expect(ofKind(resources, 'Secret')).toEqual([])
  })

  it('when any committed manifest is read, then none holds a Secret value', () => {
    const files: string[] = []
    const walk = (path: string) => {
      for (const entry of readdirSync(path, { withFileTypes: true })) {
        const child = join(path, entry.name)
        if (entry.isDirectory()) walk(child)
        else if (/\.ya?ml$/.test(entry.name)) files.push(child)
      }
    }
    walk(repoPath('k8s'))
    expect(files.length).toBeGreaterThan(5)
    for (const file of files) {
      for (const document of readYamlDocuments(file)) {
        if (isObject(document) && document.kind === 'Secret') {
          expect(document.data ?? document.stringData, file).toBeUndefined()
        }
      }
      expect(readFileSync(file, 'utf8'), file).not.toMatch(/secretGenerator:[\s\S]*literals:/)
    }
  })
})
