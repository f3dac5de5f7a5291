import type { Context } from 'koa'
import { PayloadTooLargeError } from '@cms/errors'

/**
 * The request's body as text, at most `limitBytes` (413 beyond), each chunk shown to the
 * idempotency digest as the proxy shows the bodies it forwards.
 */
export async function requestBodyText(ctx: Context, limitBytes: number): Promise<string> {
  const chunks: Buffer[] = []
  let total = 0
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    total += chunk.length
    if (total > limitBytes) {
      ctx.set('Connection', 'close')
      throw new PayloadTooLargeError(limitBytes)
    }
    ctx.state.requestBodyObserver?.(chunk)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}
