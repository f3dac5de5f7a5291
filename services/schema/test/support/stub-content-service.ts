import { createServer } from 'node:http'
import type { IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface StubAnswer {
  status: number
  body: string
  delayMs?: number
}

export interface StubContentService {
  url: string
  /** What the next requests get; JSON `{totalDocs: 0}` until changed. */
  answer: StubAnswer
  requests: { url: string; headers: IncomingHttpHeaders }[]
  close(): Promise<void>
}

export const totalDocs = (count: number): StubAnswer => ({
  status: 200,
  body: JSON.stringify({ docs: [], totalDocs: count, limit: 1, page: 1 }),
})

/**
 * Stands in for the content service's list endpoint in the schema service's own tests, so the
 * delete rule can be tested before and apart from the real content service (test/ covers both).
 */
export async function startStubContentService(): Promise<StubContentService> {
  const stub: Omit<StubContentService, 'url' | 'close'> = { answer: totalDocs(0), requests: [] }
  const server = createServer((request, response) => {
    stub.requests.push({ url: request.url ?? '', headers: request.headers })
    const { status, body, delayMs } = stub.answer
    setTimeout(() => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(body)
    }, delayMs ?? 0)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return Object.assign(stub, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  })
}
