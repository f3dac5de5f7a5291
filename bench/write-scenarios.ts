import type { AutocannonRequest } from 'autocannon'
import { articleData, createRandom } from './article-type.ts'

/** POST /api/content with a fresh title each time (a repeated title would walk slug suffixes). */
export function createRequests(label: string): AutocannonRequest[] {
  const random = createRandom(7)
  let next = 0
  return [
    {
      method: 'POST',
      path: '/api/content',
      setupRequest(request) {
        const data = articleData(next++, random)
        request.body = JSON.stringify({
          type: 'article',
          data: { ...data, title: `${data.title} ${label}` },
        })
        return request
      },
    },
  ]
}

interface PatchTarget {
  id: string
  version: number
}

/**
 * PATCH with If-Match on documents nobody else writes: each request borrows a document, sends
 * its current version, and returns it with the version the answer's ETag names. A pool larger
 * than the connections means two requests never race for one document (no 412 by design).
 */
export function patchRequests(targets: readonly PatchTarget[]): AutocannonRequest[] {
  const free = targets.map((target) => ({ ...target }))
  let views = 0
  return [
    {
      method: 'PATCH',
      path: '/api/content',
      setupRequest(request, context) {
        const target = (context.target as PatchTarget | undefined) ?? free.shift()
        if (!target) throw new Error('the PATCH pool is smaller than the connections')
        context.target = target
        request.path = `/api/content/${target.id}`
        request.headers = { ...request.headers, 'if-match': `"${target.version}"` }
        request.body = JSON.stringify({ data: { views: views++ % 10_000 } })
        return request
      },
      onResponse(status, _body, context, headers) {
        const target = context.target as PatchTarget
        const etag = headers.etag ?? headers.ETag
        if (status === 200 && typeof etag === 'string')
          target.version = Number(etag.replace(/"/g, ''))
        delete context.target
        free.push(target)
      },
    },
  ]
}
