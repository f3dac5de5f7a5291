import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'

export interface Receipt {
  hook: string
  documentId: string
  at: number
}

export interface WebhookReceiver {
  url: string
  /** First receipt of each delivery (retries of one delivery id count once). */
  receipts: Receipt[]
  close(): Promise<void>
}

/** A local endpoint that answers 204 at once and notes when each delivery arrived. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receipts: Receipt[] = []
  const seen = new Set<string>()
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const at = performance.now()
      const deliveryId = String(request.headers['x-webhook-id'] ?? '')
      if (!seen.has(deliveryId)) {
        seen.add(deliveryId)
        try {
          const payload = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
            document?: { id?: string }
          }
          receipts.push({ hook: request.url ?? '', documentId: payload.document?.id ?? '', at })
        } catch {
          receipts.push({ hook: request.url ?? '', documentId: '', at })
        }
      }
      response.writeHead(204).end()
    })
  })
  server.keepAliveTimeout = 65_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    receipts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
