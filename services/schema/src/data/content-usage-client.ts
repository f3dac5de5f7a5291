import { BUILT_IN_ROLES } from '@cms/contract'
import { ServiceUnavailableError } from '@cms/errors'
import { createInternalClient } from '@cms/http'
import type { ContentUsage } from '../domain/content-usage.ts'

const UNANSWERED =
  'Cannot tell whether documents of this content type exist; the content service is unavailable'

const UNANSWERED_LOCALES =
  'Cannot tell whether documents use these locales; the content service is unavailable'

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
  const client = createInternalClient({
    service: 'content',
    baseUrl: deps.contentUrl,
    internalToken: deps.internalToken,
    timeoutMs: deps.timeoutMs,
    unavailableMessage: UNANSWERED,
    ...(deps.fetch && { fetch: deps.fetch }),
  })
  return {
    async isInUse(caller, typeName) {
      const query = new URLSearchParams({ type: typeName, draft: 'true', limit: '1' })
      const answer = await client.get(
        { ...caller, permissions: BUILT_IN_ROLES.owner },
        `/api/content?${query}`,
      )
      const body = answer.body as { totalDocs?: unknown } | undefined
      if (answer.status !== 200 || typeof body?.totalDocs !== 'number') {
        throw new ServiceUnavailableError(UNANSWERED, {
          cause: new Error(`content service answered ${answer.status}`),
        })
      }
      return body.totalDocs > 0
    },
    async localesInUse(caller, codes) {
      const query = new URLSearchParams({ codes: codes.join(',') })
      const answer = await client.get(
        { ...caller, permissions: BUILT_IN_ROLES.owner },
        `/internal/locales-in-use?${query}`,
      )
      const body = answer.body as { inUse?: unknown } | undefined
      if (answer.status !== 200 || !Array.isArray(body?.inUse)) {
        throw new ServiceUnavailableError(UNANSWERED_LOCALES, {
          cause: new Error(`content service answered ${answer.status}`),
        })
      }
      return body.inUse as string[]
    },
  }
}
