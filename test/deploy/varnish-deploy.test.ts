import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { commandOf, environmentOf, loadCompose } from './support/compose.ts'
import {
  array,
  build,
  envOf,
  mainContainer,
  named,
  object,
  ofKind,
  plainValue,
  podLabels,
  podSpec,
  spec,
} from './support/k8s.ts'
import type { Resource } from './support/kustomize.ts'
import { connectionAllowed } from './support/network-policy.ts'
import type { Peer } from './support/network-policy.ts'
import { repoPath } from './support/repo.ts'

/**
 * Varnish in front of the gateway (docs/cdn.md, "Varnish"), in compose (profile varnish) and in
 * the k8s example: Varnish reaches the gateway, the gateway purges Varnish, and both run the
 * VCL and run script of deploy/varnish.
 */
const USER_ENV = {
  CMS_ADMIN_TOKEN: 'admin-token-for-the-varnish-test',
  INTERNAL_TOKEN: 'internal-token-for-the-varnish-test',
  RABBITMQ_PASSWORD: 'rabbitpassword',
}
const compose = (env: Record<string, string> = {}, profiles: string[] = ['varnish']) =>
  loadCompose([repoPath('docker-compose.yml')], { ...USER_ENV, ...env }, profiles)
const portOf = (listen: string) => Number(listen.split(':').at(-1))
const deployVarnish = (file: string) => readFileSync(repoPath(`deploy/varnish/${file}`), 'utf8')

describe('Varnish in docker compose', () => {
  it('when no profile is given, then no varnish runs and the gateway purges nothing', () => {
    const file = compose({}, [])
    expect(file.services.varnish).toBeUndefined()
    expect(environmentOf(file.services.gateway!).CDN_PURGERS).toBe('')
  })

  it('when the varnish profile is on, then it is valid, built from deploy/varnish, fronts the gateway on its port and starts after it is healthy', () => {
    const file = compose({ CDN_PURGERS: 'varnish' })
    const varnish = file.services.varnish!
    expect(object(varnish.build as never).context).toBe(repoPath('deploy/varnish'))
    const env = environmentOf(varnish)
    const gateway = environmentOf(file.services.gateway!)
    expect(env.GATEWAY_HOST).toBe('gateway')
    expect(env.GATEWAY_PORT).toBe(gateway.CMS_PORT)
    expect(object(object(varnish.depends_on as never).gateway).condition).toBe('service_healthy')
    const published = array(varnish.ports as never).map((port) => Number(object(port).target))
    expect(published).toEqual([portOf(env.VARNISH_LISTEN!)])
    expect((object(varnish.healthcheck as never).test as string[]).join(' ')).toContain('ping')
  })

  it('when CDN_PURGERS=varnish, then the gateway purges the varnish service on the port it listens on, an address its ACL admits', () => {
    const file = compose({ CDN_PURGERS: 'varnish' })
    const gateway = environmentOf(file.services.gateway!)
    const varnish = environmentOf(file.services.varnish!)
    expect(gateway.CDN_PURGERS).toBe('varnish')
    const urls = gateway.VARNISH_PURGE_URLS!.split(',').map((url) => new URL(url))
    expect(urls.map((url) => url.hostname)).toEqual(['varnish'])
    expect(Number(urls[0]!.port)).toBe(portOf(varnish.VARNISH_LISTEN!))
    expect(varnish.VARNISH_PURGERS!.split(',')).toContain('gateway')
  })

  it('when the image is built, then it runs deploy/varnish/run.sh with the VCL beside it', () => {
    const dockerfile = deployVarnish('Dockerfile')
    expect(dockerfile).toMatch(/^FROM varnish:7/m)
    expect(dockerfile).toMatch(/COPY .*run\.sh/)
    expect(dockerfile).toMatch(/COPY default\.vcl/)
    expect(dockerfile).toMatch(/ENTRYPOINT \[".*run\.sh"\]/)
    expect(commandOf(compose().services.varnish!)).toBeUndefined()
  })
})

describe('Varnish in the k8s example', () => {
  const resources = build('k8s/examples/varnish')
  const varnish = named(resources, 'Deployment', 'varnish')!
  const container = mainContainer(varnish)
  const env = (deployment: Resource) =>
    Object.fromEntries(
      [...envOf(mainContainer(deployment))].map(([name, source]) => [
        name,
        plainValue(resources, source),
      ]),
    )

  it('when built, then the ConfigMap holds deploy/varnish/default.vcl and run.sh, and the pod runs that script on that VCL', () => {
    const configMap = ofKind(resources, 'ConfigMap').find((map) =>
      map.metadata.name.startsWith('varnish-vcl'),
    )!
    const data = object(configMap.data)
    expect(data['default.vcl']).toBe(deployVarnish('default.vcl'))
    expect(data['run.sh']).toBe(deployVarnish('run.sh'))
    const volume = array(podSpec(varnish).volumes)
      .map(object)
      .find((v) => object(v.configMap).name === configMap.metadata.name)!
    const mount = array(container.volumeMounts)
      .map(object)
      .find((m) => m.name === volume.name)!
    expect(env(varnish).VARNISH_VCL_TEMPLATE).toBe(`${mount.mountPath}/default.vcl`)
    expect(array(container.command).join(' ')).toContain(`${mount.mountPath}/run.sh`)
    expect(String(container.image)).toMatch(/^varnish:7/)
  })

  it('when built, then Varnish fronts the gateway Service, the Ingress sends to Varnish, and the gateway purges the varnish Service on the port Varnish listens on', () => {
    const gatewayService = named(resources, 'Service', 'gateway')!
    const gatewayPort = array(spec(gatewayService).ports).map(object)[0]!.port
    expect(env(varnish).GATEWAY_HOST).toBe('gateway')
    expect(Number(env(varnish).GATEWAY_PORT)).toBe(gatewayPort)
    const gateway = env(named(resources, 'Deployment', 'gateway')!)
    expect(gateway.CDN_PURGERS).toBe('varnish')
    const purgeUrl = new URL(gateway.VARNISH_PURGE_URLS!)
    const service = named(resources, 'Service', purgeUrl.hostname)!
    const servicePort = array(spec(service).ports)
      .map(object)
      .find((port) => port.port === Number(purgeUrl.port))!
    const containerPort = array(container.ports)
      .map(object)
      .find((port) => port.name === servicePort.targetPort)!
    expect(containerPort.containerPort).toBe(portOf(String(env(varnish).VARNISH_LISTEN)))
    const backends = array(object(ofKind(resources, 'Ingress')[0]!.spec).rules).flatMap((rule) =>
      array(object(object(rule).http).paths).map((path) => object(object(path).backend).service),
    )
    expect(backends.map((backend) => object(backend).name)).toEqual([service.metadata.name])
  })

  it('when the NetworkPolicies apply, then the gateway reaches Varnish and Varnish the gateway on 8080, and Varnish reaches nothing else', () => {
    const policies = ofKind(resources, 'NetworkPolicy')
    const namespace = String(varnish.metadata.namespace)
    const pod = (deployment: string, ip: string): Peer => ({
      pod: {
        namespace,
        namespaceLabels: { 'kubernetes.io/metadata.name': namespace },
        labels: podLabels(named(resources, 'Deployment', deployment)!),
      },
      ip,
    })
    const [gateway, cache, content] = [
      pod('gateway', '10.1.0.1'),
      pod('varnish', '10.1.0.2'),
      pod('content-read', '10.1.0.3'),
    ]
    expect(connectionAllowed(policies, gateway, cache, 8080)).toBe(true)
    expect(connectionAllowed(policies, cache, gateway, 8080)).toBe(true)
    expect(connectionAllowed(policies, cache, content, 8080)).toBe(false)
    expect(connectionAllowed(policies, cache, { ip: '93.184.216.34' }, 80)).toBe(false)
  })
})
