import type { Buffer } from 'node:buffer'
import type { Options } from 'amqplib'
import type { AmqpClient } from './connect.ts'

export interface KeepTrying {
  /** Publishes tried in all (the first included). */
  attempts: number
  pauseMs: number
  sleep: (ms: number) => Promise<void>
}

export const KEEP_TRYING: KeepTrying = {
  attempts: 8,
  pauseMs: 500,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}

/**
 * A publish that must not be lost: `mandatory` (a message no queue takes comes back instead of
 * vanishing) and confirmed. A nack, a return or a lost connection is tried again (a new leader
 * or a reconnect to another node usually takes a second or two); if every try fails the last
 * error is thrown, so the caller keeps what it was working on (a consumer requeues its message).
 * `newId` gives each try its own message id, which is how a return is matched to its publish.
 */
export async function publishKept(
  amqp: AmqpClient,
  target: { exchange: string; routingKey: string },
  body: Buffer,
  options: Options.Publish & { newId: () => string },
  retry: KeepTrying = KEEP_TRYING,
): Promise<void> {
  const { newId, ...publishOptions } = options
  let lastError: unknown
  for (let attempt = 1; attempt <= retry.attempts; attempt++) {
    try {
      await amqp.publish(target.exchange, target.routingKey, body, {
        ...publishOptions,
        persistent: true,
        mandatory: true,
        messageId: newId(),
      })
      return
    } catch (error) {
      if (error instanceof TypeError) throw error
      lastError = error
      if (attempt < retry.attempts) await retry.sleep(retry.pauseMs)
    }
  }
  throw lastError
}
