import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { adminClient, createTestWebsite, testEnv } from '@cms/testkit'
import { declaredUpload, makeImage, upload } from './media-kit.ts'

/** The operator's media routes under /admin/api: the panel's way to the media library. */
const admin = adminClient()

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

    expect(
      await declaredUpload(
        `/admin/api/websites/${mine.websiteId}/media`,
        { authorization: `Bearer ${testEnv().adminToken}` },
        60 * 1024 * 1024,
      ),
    ).toBe(413)

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

  it("admin: the panel edits alt text and captions — when the operator patches a file through the admin API, then its alt text and caption change, in populated reads too; another website's file is 404 and an unknown member 422", async () => {
    const [mine, theirs] = [await createTestWebsite(), await createTestWebsite()]
    const file = await upload(mine, { bytes: await makeImage(), name: 'described.png' })
    const their = await upload(theirs, { bytes: await makeImage(), name: 'theirs.png' })
    const path = `/admin/api/websites/${mine.websiteId}/media/${file.body.id}`

    // A published story shows the file populated; the gateway caches that read.
    const type = await mine.api('POST', '/api/content-types', {
      body: { name: 'story', fields: [{ name: 'cover', type: 'media' }] },
    })
    expect(type.status).toBe(201)
    const story = await mine.api('POST', '/api/content', {
      body: { type: 'story', data: { cover: file.body.id } },
    })
    expect((await mine.api('POST', `/api/content/${story.body.id}/publish`)).status).toBe(200)
    const populated = () => mine.readApi('GET', `/api/content/${story.body.id}?populate=cover`)
    expect((await populated()).body.data.cover.alt).toBeNull()
    expect((await populated()).body.data.cover.alt).toBeNull()

    const saved = await admin('PATCH', path, {
      body: { alt: 'A red block', caption: 'Made by sharp' },
    })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({
      id: file.body.id,
      alt: 'A red block',
      caption: 'Made by sharp',
    })
    const read = await mine.readApi('GET', `/api/media/${file.body.id}`)
    expect(read.body).toMatchObject({ alt: 'A red block', caption: 'Made by sharp' })
    expect((await populated()).body.data.cover).toMatchObject({
      alt: 'A red block',
      caption: 'Made by sharp',
    })
    const cleared = await admin('PATCH', path, { body: { caption: null } })
    expect(cleared.body).toMatchObject({ alt: 'A red block', caption: null })

    const across = await admin(
      'PATCH',
      `/admin/api/websites/${mine.websiteId}/media/${their.body.id}`,
      { body: { alt: 'not mine' } },
    )
    expect(across.status).toBe(404)
    expect((await theirs.api('GET', `/api/media/${their.body.id}`)).body.alt).toBeNull()
    const unknown = await admin('PATCH', path, { body: { size: 1 } })
    expect(unknown.status).toBe(422)
    expect(unknown.body.error.details[0].path).toBe('size')
    const missing = await admin(
      'PATCH',
      `/admin/api/websites/${randomUUID()}/media/${file.body.id}`,
      {
        body: { alt: 'x' },
      },
    )
    expect(missing.status).toBe(404)
  })
})
