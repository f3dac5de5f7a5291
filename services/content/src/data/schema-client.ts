import type { ContentType } from '@cms/content-model'
import { isContentTypeName } from '@cms/content-model'
import { ServiceUnavailableError } from '@cms/errors'
import { internalHeaders } from '@cms/http'
import type { Caller } from '@cms/http'
import type { ContentTypeSource } from '../domain/content-types.ts'

/** Reads content types from the schema service's public paths, as the same caller. */
export function createSchemaClient(options: {
  baseUrl: string
  internalToken: string
  timeoutMs?: number
}): ContentTypeSource {
  const base = options.baseUrl.replace(/\/+$/, '')

  async function getJson(caller: Caller, path: string): Promise<unknown | undefined> {
    let response: Response
    try {
      response = await fetch(`${base}${path}`, {
        headers: { ...internalHeaders(options.internalToken, caller), accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      })
    } catch (error) {
      throw new ServiceUnavailableError('The schema service is unavailable', { cause: error })
    }
    if (response.status === 404) {
      await response.body?.cancel()
      return undefined
    }
    if (!response.ok) {
      await response.body?.cancel()
      throw new ServiceUnavailableError(`The schema service answered ${response.status}`)
    }
    return response.json()
  }

  return {
    async get(caller, name) {
      if (!isContentTypeName(name)) return undefined
      return (await getJson(caller, `/api/content-types/${encodeURIComponent(name)}`)) as
        ContentType | undefined
    },
    async list(caller) {
      const body = (await getJson(caller, '/api/content-types')) as
        { docs?: ContentType[] } | undefined
      return body?.docs ?? []
    },
  }
}
