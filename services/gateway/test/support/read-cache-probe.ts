import { waitFor } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'
import type { EchoHandler, EchoUpstream } from './echo-upstream.ts'

/**
 * The cache trusts itself once it hears its own heartbeat over Redis, a moment after start:
 * waits until a list read twice through `api` reaches `read` once.
 */
export async function whenCaching(options: {
  api: ApiCall
  read: EchoUpstream
  answer: EchoHandler
  /** A list URL no other read asked for yet. */
  freshList: () => string
}): Promise<void> {
  const { api, read } = options
  read.handle(options.answer)
  await waitFor(
    async () => {
      const url = options.freshList()
      await api('GET', url)
      await api('GET', url)
      return read.seen.filter((request) => request.url === url).length === 1 ? true : undefined
    },
    { timeoutMs: 5000, what: 'the read cache to take reads' },
  )
}
