import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { InterpolationError, interpolate } from './support/compose.ts'
import { inContext, parseDockerignore } from './support/dockerignore.ts'
import { kustomizeBuild } from './support/kustomize.ts'
import type { Resource } from './support/kustomize.ts'
import { connectionAllowed } from './support/network-policy.ts'
import { strategicMerge } from './support/strategic-merge.ts'
import type { Json } from './support/strategic-merge.ts'

// The deployment checks are only as good as these stand-ins for kustomize, compose, Docker and
// the network plugin; each behaviour the checks rely on is pinned here.

describe('strategic merge (the subset the overlays use)', () => {
  const deployment = {
    spec: {
      replicas: 2,
      template: {
        spec: {
          containers: [
            { name: 'a', image: 'x', env: [{ name: 'A', value: '1' }], args: ['--one'] },
            { name: 'b', image: 'y' },
          ],
        },
      },
    },
  }

  const merge = (patch: Json): typeof deployment =>
    strategicMerge(deployment as unknown as Json, patch) as unknown as typeof deployment

  it('when a patch names a container, then that container is merged by name and the others are kept', () => {
    const patched = merge({
      spec: {
        template: {
          spec: { containers: [{ name: 'a', env: [{ name: 'B', value: '2' }], args: ['--two'] }] },
        },
      },
    })
    const [a, b] = patched.spec.template.spec.containers
    expect(a!.env).toEqual([
      { name: 'A', value: '1' },
      { name: 'B', value: '2' },
    ])
    expect(a!.args).toEqual(['--two'])
    expect(a!.image).toBe('x')
    expect(b).toEqual({ name: 'b', image: 'y' })
  })

  it('when a patch sets a key to null, then the key is removed; and the input is left alone', () => {
    const patched = merge({ spec: { replicas: null } }) as { spec: Record<string, unknown> }
    expect(patched.spec.replicas).toBeUndefined()
    expect(deployment.spec.replicas).toBe(2)
  })

  it('when a patch uses a directive or a list merged by a key not implemented, then it throws', () => {
    expect(() => merge({ spec: { $patch: 'replace' } })).toThrow(/not supported/)
    expect(() => strategicMerge({}, { ports: [{ containerPort: 1 }] })).toThrow(/not supported/)
  })
})

describe('kustomize build (the subset k8s/ uses)', () => {
  let root: string
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  function fixture(): void {
    root = mkdtempSync(join(tmpdir(), 'cms-kustomize-'))
    write(
      'base/kustomization.yaml',
      [
        'resources: [app.yaml]',
        'labels:',
        '  - pairs: {team: cms}',
        '    includeTemplates: true',
        'configMapGenerator:',
        '  - name: config',
        '    literals: [A=1, B=2]',
      ].join('\n'),
    )
    write(
      'base/app.yaml',
      [
        'apiVersion: apps/v1',
        'kind: Deployment',
        'metadata: {name: app}',
        'spec:',
        '  selector: {matchLabels: {app: app}}',
        '  template:',
        '    metadata: {labels: {app: app}}',
        '    spec:',
        '      containers:',
        '        - name: app',
        '          image: cms',
        '          env:',
        '            - {name: A, valueFrom: {configMapKeyRef: {name: config, key: A}}}',
        '            - {name: S, valueFrom: {secretKeyRef: {name: secrets, key: S}}}',
        '---',
        'apiVersion: v1',
        'kind: Namespace',
        'metadata: {name: elsewhere}',
      ].join('\n'),
    )
    write(
      'overlay/kustomization.yaml',
      [
        'namespace: ns',
        'resources: [../base]',
        'images: [{name: cms, newName: registry/cms, newTag: "1.2"}]',
        'configMapGenerator: [{name: config, behavior: merge, literals: [B=3]}]',
        'secretGenerator: [{name: secrets, envs: [secrets.env]}]',
        'patches:',
        '  - path: replicas.yaml',
        '    target: {kind: Deployment, name: "ap+"}',
      ].join('\n'),
    )
    write(
      'overlay/replicas.yaml',
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: any}\nspec: {replicas: 3}\n',
    )
    write('overlay/secrets.env', '# comment\nS=secret-value\n')
  }

  const find = (resources: Resource[], kind: string) => resources.find((r) => r.kind === kind)!

  it('when an overlay is built, then generators, patches, namespace, labels and images apply as kustomize does', () => {
    fixture()
    const resources = kustomizeBuild(join(root, 'overlay'))
    const deployment = find(resources, 'Deployment') as Resource & { spec: any }
    const configMap = find(resources, 'ConfigMap')
    const secret = find(resources, 'Secret')
    expect(configMap.data).toEqual({ A: '1', B: '3' })
    expect(configMap.metadata.name).toMatch(/^config-[0-9a-f]{10}$/)
    expect(secret.metadata.name).toMatch(/^secrets-[0-9a-f]{10}$/)
    expect(
      Buffer.from(String((secret.data as Record<string, string>).S), 'base64').toString(),
    ).toBe('secret-value')
    const env = deployment.spec.template.spec.containers[0].env
    expect(env[0].valueFrom.configMapKeyRef.name).toBe(configMap.metadata.name)
    expect(env[1].valueFrom.secretKeyRef.name).toBe(secret.metadata.name)
    expect(deployment.spec.replicas).toBe(3)
    expect(deployment.metadata.namespace).toBe('ns')
    expect(find(resources, 'Namespace').metadata.namespace).toBeUndefined()
    expect(deployment.metadata.labels).toEqual({ team: 'cms' })
    expect(deployment.spec.template.metadata.labels).toEqual({ app: 'app', team: 'cms' })
    expect(deployment.spec.selector.matchLabels).toEqual({ app: 'app' })
    expect(deployment.spec.template.spec.containers[0].image).toBe('registry/cms:1.2')
  })

  it('when a field is outside the subset, an env file is missing or a patch matches nothing, then the build fails', () => {
    fixture()
    write('overlay/kustomization.yaml', 'resources: [../base]\nreplicas: [{name: app, count: 2}]\n')
    expect(() => kustomizeBuild(join(root, 'overlay'))).toThrow(/replicas is not supported/)
    write(
      'overlay/kustomization.yaml',
      'resources: [../base]\nsecretGenerator: [{name: s, envs: [none.env]}]\n',
    )
    expect(() => kustomizeBuild(join(root, 'overlay'))).toThrow(/does not exist/)
    expect(
      kustomizeBuild(join(root, 'overlay'), { missingEnvFile: () => 'S=x' }).some(
        (r) => r.kind === 'Secret',
      ),
    ).toBe(true)
    write('overlay/kustomization.yaml', 'resources: [../base]\npatches: [{path: replicas.yaml}]\n')
    expect(() => kustomizeBuild(join(root, 'overlay'))).toThrow(/matches no resource/)
  })
})

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

describe('compose interpolation', () => {
  it('when variables are set, unset or empty, then each operator resolves as docker compose does', () => {
    const env = { SET: 'v', EMPTY: '' }
    expect(interpolate('${SET}-${UNSET}-$SET-$$SET', env)).toBe('v--v-$SET')
    expect(interpolate('${UNSET:-d} ${EMPTY:-d} ${EMPTY-d} ${SET:-d}', env)).toBe('d d  v')
    expect(interpolate('${SET:+alt} ${EMPTY:+alt}|', env)).toBe('alt |')
    expect(() => interpolate('${EMPTY:?give EMPTY}', env)).toThrow(InterpolationError)
    expect(() => interpolate('${UNSET?give it}', env)).toThrow(/UNSET.*give it/)
    expect(interpolate('${EMPTY?fine}', env)).toBe('')
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
