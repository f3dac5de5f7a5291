import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '@cms/logger'
import { createHttpService } from './http-service.ts'
import type { HttpService } from './http-service.ts'

let service: HttpService
let baseUrl: string

function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text))
    let received = ''
    socket.on('data', (chunk) => (received += chunk))
    socket.on('end', () => resolve(received))
    socket.on('error', reject)
  })
}

describe('requests rejected before the application', () => {
  beforeAll(async () => {
    service = createHttpService({
      name: 'probe',
      logger: createLogger({ service: 'probe', level: 'silent' }),
      middleware: [],
      checks: {},
    })
    baseUrl = (await service.listen({ port: 0, host: '127.0.0.1' })).url
  })
  afterAll(() => service.close())

  it('when the URL is longer than the head limit, then the answer is 431 with the contract error body', async () => {
    const response = await fetch(`${baseUrl}/api/content?q=${'a'.repeat(40_000)}`)
    expect(response.status).toBe(431)
    expect(await response.json()).toEqual({
      error: { code: 'VALIDATION_ERROR', message: expect.stringContaining('exceed') },
    })
  })

  it('when the URL fits under the head limit, then the application answers (here: 404 in the contract shape)', async () => {
    const response = await fetch(`${baseUrl}/nothing?q=${'a'.repeat(20_000)}`)
    expect(response.status).toBe(404)
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND')
  })

  it('when the request is not HTTP, then the answer is 400 with the contract error body', async () => {
    const port = Number(new URL(baseUrl).port)
    const answer = await rawRequest(port, 'NOT HTTP AT ALL\r\n\r\n')
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    expect(answer).toContain('"code":"VALIDATION_ERROR"')
  })
})
