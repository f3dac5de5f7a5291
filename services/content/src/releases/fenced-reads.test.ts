import type { Context } from 'koa'
import { describe, expect, it } from 'vitest'
import { ServiceUnavailableError } from '@cms/errors'
import { fencedReads } from './fenced-reads.ts'
import type { ReadFence } from './read-fence.ts'

type Handler = (ctx: Context, next: () => Promise<unknown>) => Promise<void>

/** Just what the wrapper touches of a request: the caller's website and the answer headers. */
const contextOf = (websiteId: string) => {
  const headers = new Map<string, string>()
  const ctx = {
    state: { caller: { websiteId } },
    set: (name: string, value: string) => headers.set(name, value),
  } as unknown as Context
  return { ctx, headers }
}

describe('fenced document reads', () => {
  it('when a read handler runs, then it runs inside the fence for the caller website', async () => {
    const fenced: string[] = []
    const fence = (async (websiteId: string, read: () => Promise<unknown>) => {
      fenced.push(websiteId)
      return read()
    }) as ReadFence
    const ran: string[] = []
    const read: Handler = async () => void ran.push('read')
    const handlers = fencedReads({ getDocument: read }, fence)
    const { ctx } = contextOf('w1')
    await handlers.getDocument(ctx, async () => undefined)
    expect(fenced).toEqual(['w1'])
    expect(ran).toEqual(['read'])
  })

  it('when the fence gives up waiting for a release, then the error goes on with Retry-After set', async () => {
    const fence = (async () => {
      throw new ServiceUnavailableError('A release is being published; try again shortly')
    }) as ReadFence
    const read: Handler = async () => undefined
    const handlers = fencedReads({ getDocument: read }, fence)
    const { ctx, headers } = contextOf('w1')
    await expect(handlers.getDocument(ctx, async () => undefined)).rejects.toBeInstanceOf(
      ServiceUnavailableError,
    )
    expect(headers.get('Retry-After')).toBe('1')
  })
})
