import { ServiceUnavailableError } from '@cms/errors'
import { internalHeaders } from '@cms/http'
import type { ContentUsage } from '../domain/content-usage.ts'

const UNANSWERED =
  'Cannot tell whether documents of this content type exist; the content service is unavailable'

/**
 * Asks the content read pool for one document of the type, drafts included, as an admin of the
 * caller's website. Anything but a clear answer is 503: a type is never deleted blindly.
 */
export function createContentUsageClient(deps: {
  contentUrl: string
  internalToken: string
  timeoutMs: number
  fetch?: typeof fetch
}): ContentUsage {
  const base = deps.contentUrl.replace(/\/+$/, '')
  const fetchFn = deps.fetch ?? fetch
  return {
    async isInUse(caller, typeName) {
      const query = new URLSearchParams({ type: typeName, draft: 'true', limit: '1' })
      let response: Response
      try {
        response = await fetchFn(`${base}/api/content?${query}`, {
          headers: {
            ...internalHeaders(deps.internalToken, { ...caller, scope: 'admin' }),
            accept: 'application/json',
          },
          signal: AbortSignal.timeout(deps.timeoutMs),
        })
      } catch (error) {
        throw new ServiceUnavailableError(UNANSWERED, { cause: error })
      }
      const body = (await response.json().catch(() => undefined)) as
        { totalDocs?: unknown } | undefined
      if (!response.ok || typeof body?.totalDocs !== 'number') {
        throw new ServiceUnavailableError(UNANSWERED, {
          cause: new Error(`content service answered ${response.status}`),
        })
      }
      return body.totalDocs > 0
    },
  }
}
