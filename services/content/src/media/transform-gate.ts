import { ServiceUnavailableError } from '@cms/errors'

/** No turn came within the wait, or the queue was full: 503 with `Retry-After`. */
export class TransformsBusyError extends ServiceUnavailableError {
  readonly retryAfterSeconds: number

  constructor(retryAfterSeconds: number) {
    super('Image transforms are busy on this server; try again shortly')
    this.retryAfterSeconds = retryAfterSeconds
  }
}

interface Waiter {
  weight: number
  grant: () => void
}

/**
 * Turns for transforms in one process: at most `slots` at once and, together, at most `budget`
 * weight (the bytes a transform is estimated to hold while it decodes and encodes,
 * transform-cost.ts). One transform may always run alone. Others wait in order, at most `queue` of them and for at most `waitMs` each.
 */
export function createTransformGate(options: {
  slots: number
  budget: number
  queue: number
  waitMs: number
}) {
  let running = 0
  let used = 0
  const waiting: Waiter[] = []
  const retryAfter = Math.max(1, Math.ceil(options.waitMs / 1000))

  const fits = (weight: number) =>
    running === 0 || (running < options.slots && used + weight <= options.budget)

  const take = (weight: number) => {
    running += 1
    used += weight
  }

  const admitWaiting = () => {
    // In order: a heavy transform at the head is not overtaken by lighter ones forever.
    while (waiting.length > 0 && fits(waiting[0]!.weight)) {
      const next = waiting.shift()!
      take(next.weight)
      next.grant()
    }
  }

  return {
    /** Runs `work` in a turn of `weight`, or throws `TransformsBusyError`. */
    async run<T>(weight: number, work: () => Promise<T>): Promise<T> {
      const amount = Math.min(Math.max(weight, 0), options.budget)
      if (waiting.length === 0 && fits(amount)) take(amount)
      else {
        if (waiting.length >= options.queue) throw new TransformsBusyError(retryAfter)
        await new Promise<void>((resolve, reject) => {
          const waiter: Waiter = {
            weight: amount,
            grant: () => {
              clearTimeout(timer)
              resolve()
            },
          }
          const timer = setTimeout(() => {
            waiting.splice(waiting.indexOf(waiter), 1)
            reject(new TransformsBusyError(retryAfter))
            admitWaiting()
          }, options.waitMs)
          waiting.push(waiter)
        })
      }
      try {
        return await work()
      } finally {
        running -= 1
        used -= amount
        admitWaiting()
      }
    },
    /** Running and waiting transforms, for tests and metrics. */
    load: () => ({ running, waiting: waiting.length }),
  }
}

export type TransformGate = ReturnType<typeof createTransformGate>
