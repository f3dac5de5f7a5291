import { createServer } from 'node:net'
import type { AddressInfo, Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger } from '@cms/logger'
import { testEnv, waitFor } from '@cms/testkit'
import { connectAmqp } from '../src/index.ts'
import type { AmqpClient } from '../src/index.ts'

const logger = createLogger({ service: 'amqp-test', level: 'silent' })
let client: AmqpClient | undefined
afterEach(async () => {
  await client?.close()
  client = undefined
})

/** A port on 127.0.0.1 that accepts connections and never speaks AMQP (a hung node). */
async function silentPort(): Promise<{ port: number; close: () => void }> {
  const sockets: Socket[] = []
  const server = createServer((socket) => sockets.push(socket))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    close: () => {
      for (const socket of sockets) socket.destroy()
      server.close()
    },
  }
}

describe('a list of broker addresses', () => {
  it('when the first address refuses connections, then the client connects to the next one', async () => {
    const started = Date.now()
    client = await connectAmqp({
      url: `amqp://guest:guest@127.0.0.1:1,${testEnv().amqpUrl}`,
      logger,
      topology: async () => undefined,
    })
    await waitFor(() => (client!.isConnected() ? true : undefined), {
      timeoutMs: 5000,
      what: 'a connection to the second address',
    })
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('when the first address accepts but never answers, then the client gives up on it after the connect time-out and uses the next', async () => {
    const hung = await silentPort()
    try {
      client = await connectAmqp({
        url: `amqp://guest:guest@127.0.0.1:${hung.port},${testEnv().amqpUrl}`,
        logger,
        topology: async () => undefined,
        connectTimeoutMs: 500,
      })
      await waitFor(() => (client!.isConnected() ? true : undefined), {
        timeoutMs: 5000,
        what: 'a connection to the second address',
      })
    } finally {
      hung.close()
    }
  })
})
