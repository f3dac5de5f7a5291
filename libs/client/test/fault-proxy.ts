import { createServer } from 'node:http'
import type { IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ProxiedRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
}

/** What the proxy does with the n-th request (0-based). */
export type Fault =
  /** Forwards it and passes the answer on. */
  | 'pass'
  /** Answers this status without forwarding. */
  | { status: number; retryAfter?: string }
  /** Forwards it, then drops the gateway's answer and answers this status: a lost answer. */
  | { forwardThenStatus: number; retryAfter?: string }

export interface FaultProxy {
  url: string
  requests: ProxiedRequest[]
  close(): Promise<void>
}

/**
 * A real HTTP hop in front of the gateway that refuses or loses chosen answers, as a load
 * balancer or a flaky network would; everything else reaches the real gateway.
 */
export async function startFaultProxy(
  target: string,
  fault: (index: number, request: ProxiedRequest) => Fault,
): Promise<FaultProxy> {
  const requests: ProxiedRequest[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const seen = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers }
      const index = requests.length
      requests.push(seen)
      const plan = fault(index, seen)
      const refuse = (status: number, retryAfter?: string) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          ...(retryAfter === undefined ? {} : { 'retry-after': retryAfter }),
        })
        res.end(JSON.stringify({ error: { code: 'SERVICE_UNAVAILABLE', message: 'injected' } }))
      }
      if (plan !== 'pass' && 'status' in plan) return refuse(plan.status, plan.retryAfter)
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(
          ([name]) => !['host', 'connection', 'content-length'].includes(name),
        ),
      ) as Record<string, string>
      const body = Buffer.concat(chunks)
      void fetch(`${target}${seen.path}`, {
        method: seen.method,
        headers,
        ...(body.length === 0 ? {} : { body }),
      })
        .then(async (answer) => {
          const bytes = Buffer.from(await answer.arrayBuffer())
          if (plan !== 'pass') return refuse(plan.forwardThenStatus, plan.retryAfter)
          const passed: Record<string, string> = {}
          answer.headers.forEach((value, name) => {
            if (
              !['content-length', 'content-encoding', 'connection', 'transfer-encoding'].includes(
                name,
              )
            )
              passed[name] = value
          })
          res.writeHead(answer.status, passed)
          res.end(bytes)
        })
        .catch(() => res.destroy())
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
