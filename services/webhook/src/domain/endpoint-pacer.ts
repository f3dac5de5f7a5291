/** What the pacer learns from one attempt. */
export interface AttemptSignal {
  timedOut: boolean
}

export interface EndpointPacer {
  /** Until when the endpoint is paced (its deliveries are not sent), or undefined. */
  pausedUntil(endpoint: string, now: number): number | undefined
  /** Told each attempt's outcome; a run of time-outs pauses the endpoint. */
  record(endpoint: string, signal: AttemptSignal, now: number): void
}

interface PaceState {
  timeouts: number
  until: number
}

/**
 * An endpoint that times out `afterTimeouts` times in a row is paused for `pauseMs`: its
 * deliveries wait their retry schedule without holding a slot (as Stripe and Svix pace failing
 * endpoints). When the pause is over, the next attempt is a probe; one more time-out pauses again.
 */
export function createEndpointPacer(options: {
  afterTimeouts: number
  pauseMs: number
  maxEndpoints?: number
}): EndpointPacer {
  const states = new Map<string, PaceState>()
  const max = options.maxEndpoints ?? 100_000
  return {
    pausedUntil(endpoint, now) {
      const state = states.get(endpoint)
      return state && state.until > now ? state.until : undefined
    },
    record(endpoint, signal, now) {
      if (!signal.timedOut) {
        states.delete(endpoint)
        return
      }
      const state = states.get(endpoint) ?? { timeouts: 0, until: 0 }
      state.timeouts += 1
      if (state.timeouts >= options.afterTimeouts) state.until = now + options.pauseMs
      states.delete(endpoint)
      states.set(endpoint, state)
      // The oldest entries go first when too many endpoints are tracked.
      if (states.size > max) states.delete(states.keys().next().value!)
    },
  }
}
