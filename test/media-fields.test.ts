import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'
import { makeImage, upload } from './media-kit.ts'

let site: TestWebsite
let cover: string
let photo: string

beforeAll(async () => {
  site = await createTestWebsite()
  const type = await site.api('POST', '/api/content-types', {
    body: {
      name: 'story',
      titleField: 'title',
      fields: [
        { name: 'title', type: 'text' },
        { name: 'cover', type: 'media' },
        { name: 'gallery', type: 'media', many: true },
      ],
    },
  })
  expect(type.status).toBe(201)
  const [first, second] = await Promise.all([
    upload(site, { bytes: await makeImage(), name: 'cover.png' }),
    upload(site, { bytes: await makeImage({ format: 'jpeg' }), name: 'photo.jpg' }),
  ])
  expect([first.status, second.status]).toEqual([201, 201])
  cover = first.body.id
  photo = second.body.id
})

async function story(data: object) {
  const created = await site.api('POST', '/api/content', { body: { type: 'story', data } })
  expect(created.status).toBe(201)
  expect((await site.api('POST', `/api/content/${created.body.id}/publish`)).status).toBe(200)
  return created.body.id as string
}

describe('media fields', () => {
  it('media: a media field names files of the website — when a story names uploaded files, then it is stored; a missing or foreign id is 422 naming the field, and nothing is written', async () => {
    const id = await story({ title: 'Ok', cover, gallery: [cover, photo] })
    expect((await site.api('GET', `/api/content/${id}`)).body.data).toEqual({
      title: 'Ok',
      cover,
      gallery: [cover, photo],
    })
    const other = await createTestWebsite()
    const theirs = await upload(other, { bytes: await makeImage(), name: 'theirs.png' })
    for (const bad of [{ cover: randomUUID() }, { gallery: [cover, theirs.body.id] }]) {
      const response = await site.api('POST', '/api/content', {
        body: { type: 'story', data: { title: 'Bad', ...bad } },
      })
      expect(response.status).toBe(422)
      expect(response.body.error.details[0].path).toBe(`data.${Object.keys(bad)[0]}`)
      expect(response.body.error.details[0].message).toContain('media file')
    }
    const titles = (await site.api('GET', '/api/content?type=story&draft=true')).body.docs.map(
      (doc: { data: { title: string } }) => doc.data.title,
    )
    expect(titles).not.toContain('Bad')
  })

  it('media: populate shows the files — when a read populates media fields, by name or with *, then each id becomes the file with its public url', async () => {
    const id = await story({ title: 'Shown', cover, gallery: [photo] })
    const named = await site.readApi('GET', `/api/content/${id}?populate=cover`)
    expect(named.body.data.cover).toMatchObject({
      id: cover,
      mimeType: 'image/png',
      url: expect.stringContaining(`/media/${site.websiteId}/${cover}/`),
    })
    expect(named.body.data.gallery).toEqual([photo])
    const all = await site.readApi('GET', '/api/content?type=story&populate=*')
    const listed = all.body.docs.find((doc: { id: string }) => doc.id === id)
    expect(listed.data.gallery).toMatchObject([{ id: photo, mimeType: 'image/jpeg' }])
    const fields = await site.readApi('GET', `/api/content/${id}?populate[cover][fields]=alt`)
    expect(fields.status).toBe(422)
  })

  it('media: a referenced file is deleted only with force — when a story names a file, then its delete is 409 naming the story, force deletes it, and the story populates null', async () => {
    const made = await upload(site, { bytes: await makeImage({ width: 10 }), name: 'held.png' })
    const held = made.body.id as string
    const id = await story({ title: 'Holds', cover: held })
    const refused = await site.api('DELETE', `/api/media/${held}`)
    expect(refused.status).toBe(409)
    expect(refused.text).toContain(id)
    expect((await site.api('DELETE', `/api/media/${held}?force=true`)).status).toBe(204)
    const read = await site.readApi('GET', `/api/content/${id}?populate=cover`)
    expect(read.body.data.cover).toBeNull()
  })
})
