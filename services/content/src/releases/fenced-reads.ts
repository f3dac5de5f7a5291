import type { Context } from 'koa'
import { ServiceUnavailableError } from '@cms/errors'
import type { ReadFence } from './read-fence.ts'

type Handler = (ctx: Context, next: () => Promise<unknown>) => unknown

/** How soon a read refused while a release is applied may be tried again. */
const RETRY_AFTER_SECONDS = '1'

/**
 * The handlers, each run inside the fence (docs/releases.md, "Visibility"): it may run again
 * when a release was applied meanwhile, so it only reads and sets its answer. Past the fence's
 * wait, 503 with `Retry-After`.
 */
export function fencedReads<Handlers extends object>(
  handlers: Handlers,
  fence: ReadFence | undefined,
): Handlers {
  if (!fence) return handlers
  const fenced = Object.entries(handlers as Record<string, Handler>).map(([id, handler]) => [
    id,
    async (ctx: Context, next: () => Promise<unknown>) => {
      try {
        await fence(ctx.state.caller.websiteId, async () => handler(ctx, next))
      } catch (error) {
        if (error instanceof ServiceUnavailableError) ctx.set('Retry-After', RETRY_AFTER_SECONDS)
        throw error
      }
    },
  ])
  return Object.fromEntries(fenced) as Handlers
}
