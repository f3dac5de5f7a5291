import { Readable } from 'node:stream'
import type { Context } from 'koa'
import { ServiceUnavailableError } from '@cms/errors'

/**
 * Reads the proxied answer's body into memory (and leaves it on `ctx` as a buffer), so it can be
 * kept or inspected; undefined when there is no body. A service that breaks off mid-body is a 503.
 */
export async function bufferedBody(ctx: Context): Promise<Buffer | undefined> {
  const body: unknown = ctx.body
  if (Buffer.isBuffer(body)) return body
  if (!(body instanceof Readable)) return undefined
  const chunks: Buffer[] = []
  try {
    for await (const chunk of body) chunks.push(chunk as Buffer)
  } catch (error) {
    throw new ServiceUnavailableError('The content service is unavailable; try again shortly', {
      cause: error,
    })
  }
  const buffered = Buffer.concat(chunks)
  ctx.body = buffered
  return buffered
}
