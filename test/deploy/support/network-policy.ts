import { isObject } from './json.ts'
import type { Json, JsonObject } from './json.ts'
import type { Resource } from './kustomize.ts'

/**
 * Kubernetes NetworkPolicy semantics, to ask "may A open a connection to B on this port?" of a
 * set of policies: a pod selected by no policy of a direction is open in that direction; once
 * selected, a connection must match a rule of some selecting policy. The other side of the
 * connection must allow it too (egress of the source, ingress of the destination).
 */
export interface Peer {
  /** Pods have labels and a namespace; addresses outside the cluster have only an IP. */
  pod?: {
    namespace: string
    namespaceLabels: Record<string, string>
    labels: Record<string, string>
  }
  ip: string
}

function matchesSelector(selector: Json | undefined, labels: Record<string, string>): boolean {
  if (!isObject(selector)) return false
  if (selector.matchExpressions !== undefined)
    throw new Error('matchExpressions are not supported here')
  const wanted = isObject(selector.matchLabels) ? selector.matchLabels : {}
  return Object.entries(wanted).every(([key, value]) => labels[key] === value)
}

function ipv4ToNumber(ip: string): number | undefined {
  const parts = ip.split('.')
  if (parts.length !== 4) return undefined
  return parts.reduce((sum, part) => sum * 256 + Number(part), 0)
}

function inCidr(ip: string, cidr: string): boolean {
  const [network, bits] = cidr.split('/')
  const address = ipv4ToNumber(ip)
  const base = ipv4ToNumber(network!)
  if (address === undefined || base === undefined) return false
  const size = 2 ** (32 - Number(bits))
  return Math.floor(address / size) === Math.floor(base / size)
}

function peerMatches(rulePeer: JsonObject, peer: Peer, policyNamespace: string): boolean {
  if (isObject(rulePeer.ipBlock)) {
    const block = rulePeer.ipBlock
    const except = Array.isArray(block.except) ? block.except.map(String) : []
    return inCidr(peer.ip, String(block.cidr)) && !except.some((cidr) => inCidr(peer.ip, cidr))
  }
  if (!peer.pod) return false
  const namespaceOk =
    rulePeer.namespaceSelector === undefined
      ? peer.pod.namespace === policyNamespace
      : matchesSelector(rulePeer.namespaceSelector, peer.pod.namespaceLabels)
  const podOk =
    rulePeer.podSelector === undefined || matchesSelector(rulePeer.podSelector, peer.pod.labels)
  return namespaceOk && podOk
}

function portMatches(ports: Json | undefined, port: number, protocol: string): boolean {
  if (!Array.isArray(ports) || ports.length === 0) return true
  return ports.some((entry) => {
    if (!isObject(entry)) return false
    if ((entry.protocol ?? 'TCP') !== protocol) return false
    if (typeof entry.port === 'string')
      throw new Error('named ports in policies are not supported here')
    if (entry.port === undefined) return true
    const end = typeof entry.endPort === 'number' ? entry.endPort : entry.port
    return port >= Number(entry.port) && port <= Number(end)
  })
}

type Direction = 'Ingress' | 'Egress'

function allows(
  policies: readonly Resource[],
  subject: NonNullable<Peer['pod']>,
  direction: Direction,
  other: Peer,
  port: number,
  protocol: string,
): boolean {
  const selecting = policies.filter((policy) => {
    const spec = policy.spec as JsonObject
    const types = Array.isArray(spec.policyTypes) ? spec.policyTypes : ['Ingress']
    return (
      (policy.metadata.namespace ?? 'default') === subject.namespace &&
      types.includes(direction) &&
      matchesSelector(spec.podSelector, subject.labels)
    )
  })
  if (selecting.length === 0) return true
  const field = direction === 'Ingress' ? 'ingress' : 'egress'
  const peersField = direction === 'Ingress' ? 'from' : 'to'
  return selecting.some((policy) => {
    const rules = (policy.spec as JsonObject)[field]
    if (!Array.isArray(rules)) return false
    return rules.some((rule) => {
      if (!isObject(rule)) return false
      const peers = rule[peersField]
      const peerOk =
        !Array.isArray(peers) ||
        peers.length === 0 ||
        peers.some((p) => isObject(p) && peerMatches(p, other, subject.namespace))
      return peerOk && portMatches(rule.ports, port, protocol)
    })
  })
}

/** Whether `from` may open a connection to `to` on the port under the policies. */
export function connectionAllowed(
  policies: readonly Resource[],
  from: Peer,
  to: Peer,
  port: number,
  protocol = 'TCP',
): boolean {
  const egressOk = !from.pod || allows(policies, from.pod, 'Egress', to, port, protocol)
  const ingressOk = !to.pod || allows(policies, to.pod, 'Ingress', from, port, protocol)
  return egressOk && ingressOk
}
