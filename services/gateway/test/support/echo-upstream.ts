import { createServer } from 'node:http'
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface SeenRequest {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: Buffer
}

export type EchoHandler = (request: SeenRequest, response: ServerResponse) => void | Promise<void>

/** By default: 200 with an ETag and the request as JSON, so a test sees what the gateway sent. */
const echo: EchoHandler = (request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', etag: '"7"' })
  response.end(
    JSON.stringify({
      method: request.method,
      url: request.url,
      headers: request.headers,
      bodyBytes: request.body.length,
    }),
  )
}

export interface EchoUpstream {
  url: string
  port: number
  seen: SeenRequest[]
  handle(handler: EchoHandler): void
  /** Back to the default echo answer. */
  reset(): void
  stop(): Promise<void>
  /** Listens again on the same port (a service coming back). */
  restart(): Promise<void>
}

/** A stand-in service on 127.0.0.1 that records what the gateway forwards. */
export async function startEchoUpstream(port = 0): Promise<EchoUpstream> {
  const seen: SeenRequest[] = []
  let handler = echo
  let server: Server
  const listen = (onPort: number) =>
    new Promise<number>((resolve, reject) => {
      server = createServer(async (req: IncomingMessage, res) => {
        const chunks: Buffer[] = []
        try {
          for await (const chunk of req) chunks.push(chunk as Buffer)
        } catch {
          return // the gateway gave up on this request (a body over the limit, say)
        }
        const request = {
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks),
        }
        seen.push(request)
        await handler(request, res)
      })
      server.once('error', reject)
      server.listen(onPort, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))
    })
  const bound = await listen(port)
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    seen,
    handle(next) {
      handler = next
    },
    reset() {
      handler = echo
    },
    stop,
    async restart() {
      await listen(bound)
    },
  }
}
