import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Registry } from 'prom-client'
import { StartupError } from '@cms/config'

export interface MetricsServer {
  port: number
  url: string
  close(): Promise<void>
}

export const urlOf = (host: string, port: number): string =>
  `http://${host.includes(':') ? `[${host}]` : host}:${port}`

/**
 * `GET /metrics` on a port of its own (`METRICS_PORT`), never on the service's port: the
 * gateway's port is public, and the page (about 200 kB) says much about the installation. The
 * port is for Prometheus alone (the NetworkPolicy admits only the monitoring namespace to it).
 */
export function serveMetrics(options: {
  registry: Registry
  port: number
  host: string
}): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n')
      return
    }
    options.registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': options.registry.contentType })
        res.end(req.method === 'HEAD' ? undefined : text)
      },
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
    )
  })
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new StartupError(
          error.code === 'EADDRINUSE'
            ? `metrics port ${options.port} on ${options.host} is already in use`
            : `cannot serve metrics on ${options.host}:${options.port}: ${error.message}`,
        ),
      ),
    )
    server.listen(options.port, options.host, () => {
      const port = (server.address() as AddressInfo).port
      resolve({
        port,
        url: urlOf(options.host, port),
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            server.closeAllConnections()
          }),
      })
    })
  })
}
