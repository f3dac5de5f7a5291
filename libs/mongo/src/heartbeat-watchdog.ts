import type { Logger } from 'pino'

/** What the watchdog uses of a MongoClient (a stand-in in the unit tests). */
export interface WatchedClient {
  on(
    event: 'serverHeartbeatStarted',
    listener: (event: { connectionId: string; awaited: boolean }) => void,
  ): unknown
  on(
    event: 'serverHeartbeatSucceeded' | 'serverHeartbeatFailed',
    listener: (event: { connectionId: string }) => void,
  ): unknown
  close(): Promise<void>
  connect(): Promise<unknown>
}

export interface HeartbeatWatchdog {
  /** Stops watching (the client is being closed for good). */
  stop(): void
}

/**
 * Gets a MongoClient whose server monitor hangs going again.
 *
 * The hang (mongodb 7.8, seen on FerretDB): a heartbeat that starts on the monitor's connection
 * in the moment between its socket being destroyed (the server went away) and the socket's
 * `close` event writes to the destroyed socket, which returns false and never emits `drain`
 * nor `error`; the driver waits for `drain` without a time-out, so the heartbeat never ends.
 * The monitor then never checks again, the server stays Unknown, and every operation fails
 * server selection ("connection N closed") although the server is back: 503 until the process
 * restarts. MongoDB proper escapes it (it reports a topologyVersion, so a failed operation
 * resets the monitor); FerretDB does not, so nothing does.
 *
 * A heartbeat ends within its socket time-out (`connectTimeoutMs`, plus `heartbeatFrequencyMs`
 * for an awaited one). One that has neither succeeded nor failed `graceMs` past that is stuck:
 * the client is closed and connected again, which builds a new topology and monitor. Operations
 * meanwhile fail as the server is unreachable (503), as they already did.
 */
export function watchHeartbeats(
  client: WatchedClient,
  options: {
    connectTimeoutMs: number
    heartbeatFrequencyMs: number
    logger: Pick<Logger, 'warn' | 'info'>
    graceMs?: number
    checkEveryMs?: number
    /** Pause between connection attempts while reconnecting. */
    retryMs?: number
    now?: () => number
  },
): HeartbeatWatchdog {
  const now = options.now ?? Date.now
  const graceMs = options.graceMs ?? 2000
  const pending = new Map<string, number>()
  let stopped = false
  let reconnecting = false

  client.on('serverHeartbeatStarted', (event) => {
    const limit = options.connectTimeoutMs + (event.awaited ? options.heartbeatFrequencyMs : 0)
    pending.set(event.connectionId, now() + limit + graceMs)
  })
  const ended = (event: { connectionId: string }) => pending.delete(event.connectionId)
  client.on('serverHeartbeatSucceeded', ended)
  client.on('serverHeartbeatFailed', ended)

  const reconnect = async (address: string) => {
    reconnecting = true
    options.logger.warn({ server: address }, 'mongodb monitor stuck in a heartbeat; reconnecting')
    try {
      await client.close().catch(() => undefined)
      pending.clear()
      while (!stopped) {
        try {
          await client.connect()
          options.logger.info({ server: address }, 'mongodb client reconnected')
          return
        } catch {
          await new Promise((resolve) => setTimeout(resolve, options.retryMs ?? 1000))
        }
      }
    } finally {
      reconnecting = false
    }
  }

  const timer = setInterval(() => {
    if (stopped || reconnecting) return
    for (const [address, deadline] of pending) {
      if (now() < deadline) continue
      void reconnect(address)
      return
    }
  }, options.checkEveryMs ?? 1000)
  timer.unref()

  return {
    stop() {
      stopped = true
      clearInterval(timer)
    },
  }
}
