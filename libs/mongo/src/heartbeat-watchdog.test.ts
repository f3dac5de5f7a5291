import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { pino } from 'pino'
import { watchHeartbeats } from './heartbeat-watchdog.ts'

/** A stand-in client: heartbeat events on demand, close and connect counted. */
function fakeClient(options: { failConnects?: number } = {}) {
  const emitter = new EventEmitter()
  const calls: string[] = []
  let failures = options.failConnects ?? 0
  return Object.assign(emitter, {
    calls,
    async close() {
      calls.push('close')
    },
    async connect() {
      calls.push('connect')
      if (failures-- > 0) throw new Error('server selection timed out')
    },
  })
}

const logger = pino({ level: 'silent' })
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const address = { connectionId: '127.0.0.1:27017' }

function watch(client: ReturnType<typeof fakeClient>, clock: { now: number }) {
  return watchHeartbeats(client, {
    connectTimeoutMs: 3000,
    heartbeatFrequencyMs: 10_000,
    logger,
    checkEveryMs: 5,
    retryMs: 5,
    now: () => clock.now,
  })
}

describe('watchHeartbeats', () => {
  it('when heartbeats end within their time-out, then the client is left alone', async () => {
    const client = fakeClient()
    const clock = { now: 0 }
    const watchdog = watch(client, clock)
    client.emit('serverHeartbeatStarted', { ...address, awaited: false })
    clock.now = 2900
    client.emit('serverHeartbeatSucceeded', address)
    client.emit('serverHeartbeatStarted', { ...address, awaited: false })
    clock.now = 5800
    client.emit('serverHeartbeatFailed', address)
    clock.now = 60_000
    await sleep(30)
    watchdog.stop()
    expect(client.calls).toEqual([])
  })

  it('when an awaited heartbeat waits longer than its poll interval plus the time-out, but not past the grace, then nothing happens', async () => {
    const client = fakeClient()
    const clock = { now: 0 }
    const watchdog = watch(client, clock)
    client.emit('serverHeartbeatStarted', { ...address, awaited: true })
    clock.now = 14_500
    await sleep(30)
    watchdog.stop()
    expect(client.calls).toEqual([])
  })

  it('when a heartbeat neither succeeds nor fails past its time-out and the grace, then the client is closed and connected again, retrying until it connects, once', async () => {
    const client = fakeClient({ failConnects: 2 })
    const clock = { now: 0 }
    const watchdog = watch(client, clock)
    client.emit('serverHeartbeatStarted', { ...address, awaited: false })
    clock.now = 4900
    await sleep(30)
    expect(client.calls).toEqual([])
    clock.now = 5001
    await sleep(60)
    watchdog.stop()
    expect(client.calls).toEqual(['close', 'connect', 'connect', 'connect'])
  })

  it('when stopped, then a stuck heartbeat no longer reconnects', async () => {
    const client = fakeClient()
    const clock = { now: 0 }
    const watchdog = watch(client, clock)
    client.emit('serverHeartbeatStarted', { ...address, awaited: false })
    watchdog.stop()
    clock.now = 60_000
    await sleep(30)
    expect(client.calls).toEqual([])
  })
})
