import { randomUUID } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { describe, expect, it } from 'vitest'
import { adminClient, createTestWebsite, testEnv } from '@cms/testkit'
import { makeImage, upload } from './media-kit.ts'

/** The operator's media routes under /admin/api: the panel's way to the media library. */
const admin = adminClient()

/** A POST whose declared length is over the limit: the answer comes before any body is sent. */
function declaredTooLarge(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(`${testEnv().gatewayUrl}${path}`), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${testEnv().adminToken}`,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(60 * 1024 * 1024),
      },
    })
    req.on('response', (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
      req.destroy()
    })
    req.on('error', reject)
    req.write('--x\r\n')
  })
}

describe('the admin API for media', () => {
  it('admin: the panel can upload, list, preview and delete media — when the operator lists, uploads past the limit and deletes through the admin API, then the website is checked, the limit holds and another website cannot be reached', async () => {
    const [mine, theirs] = [await createTestWebsite(), await createTestWebsite()]
    const their = await upload(theirs, { bytes: await makeImage(), name: 'theirs.png' })
    expect(their.status).toBe(201)

    const listed = await admin('GET', `/admin/api/websites/${mine.websiteId}/media`)
    expect(listed.status).toBe(200)
    expect(listed.body.docs).toEqual([])
    const unknown = await admin('GET', `/admin/api/websites/${randomUUID()}/media`)
    expect(unknown.status).toBe(404)

    expect(await declaredTooLarge(`/admin/api/websites/${mine.websiteId}/media`)).toBe(413)

    const across = await admin(
      'DELETE',
      `/admin/api/websites/${mine.websiteId}/media/${their.body.id}`,
    )
    expect(across.status).toBe(404)
    const still = await admin('GET', `/admin/api/websites/${theirs.websiteId}/media`)
    expect(still.body.docs.map((file: { id: string }) => file.id)).toEqual([their.body.id])
    const own = await admin(
      'DELETE',
      `/admin/api/websites/${theirs.websiteId}/media/${their.body.id}`,
    )
    expect(own.status).toBe(204)
  })
})
