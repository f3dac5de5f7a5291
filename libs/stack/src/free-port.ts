import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { portIsFree } from './port-check.ts'

/**
 * Ports are drawn from below the OS's ephemeral range (32768-60999 on Linux): a port `listen(0)`
 * offers is one the OS also gives outgoing connections, and with many stacks starting at once
 * one of those took a service's port between this check and the service's own bind (CI: "metrics
 * port ... is already in use").
 */
const LOWEST = 20_000
const HIGHEST = 32_767
const DRAWS = 50

function portTheOsOffers(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** A port free on 127.0.0.1 right now, outside the ephemeral range when one is found there. */
export async function freePort(): Promise<number> {
  for (let draw = 0; draw < DRAWS; draw++) {
    const port = LOWEST + Math.floor(Math.random() * (HIGHEST - LOWEST + 1))
    if (await portIsFree(port)) return port
  }
  return portTheOsOffers()
}
