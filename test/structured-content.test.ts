import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'
import { startReceiver } from '../services/webhook/test/support/receiver.ts'
import type { Receiver } from '../services/webhook/test/support/receiver.ts'
import { makeImage, upload } from './media-kit.ts'

/** Documents with components and blocks through the gateway (issue 40, the write side). */

async function ok(response: Promise<any>, status = 200): Promise<any> {
  const answer = await response
  if (answer.status !== status)
    throw new Error(`expected ${status}, got ${answer.status}: ${answer.text}`)
  return answer.body
}

const COMPONENTS = [
  {
    name: 'seo',
    fields: [
      { name: 'title', type: 'text', required: true },
      { name: 'description', type: 'textarea' },
      { name: 'image', type: 'media' },
    ],
  },
  {
    name: 'spec',
    fields: [
      { name: 'label', type: 'text', required: true },
      { name: 'value', type: 'text' },
    ],
  },
  {
    name: 'hero',
    fields: [
      { name: 'heading', type: 'text', required: true },
      { name: 'subtitle', type: 'text' },
      { name: 'image', type: 'media' },
    ],
  },
  {
    name: 'quote',
    fields: [
      { name: 'text', type: 'textarea', required: true },
      { name: 'by', type: 'relation', target: 'person' },
    ],
  },
  {
    name: 'card',
    fields: [
      { name: 'title', type: 'text' },
      { name: 'image', type: 'media' },
    ],
  },
  {
    name: 'grid',
    fields: [{ name: 'cards', type: 'component', component: 'card', repeatable: true }],
  },
]

const TYPES = [
  { name: 'person', titleField: 'name', fields: [{ name: 'name', type: 'text' }] },
  {
    name: 'landing',
    titleField: 'title',
    fields: [
      { name: 'title', type: 'text', required: true },
      { name: 'seo', type: 'component', component: 'seo' },
      { name: 'specs', type: 'component', component: 'spec', repeatable: true, max: 3 },
      { name: 'sections', type: 'blocks', components: ['hero', 'quote', 'grid'], max: 4 },
    ],
  },
  {
    name: 'guide',
    titleField: 'title',
    localized: true,
    fields: [
      { name: 'title', type: 'text' },
      { name: 'seo', type: 'component', component: 'seo' },
      { name: 'specs', type: 'component', component: 'spec', repeatable: true, localized: false },
    ],
  },
]

let site: TestWebsite
let image: string
const receivers: Receiver[] = []

beforeAll(async () => {
  site = await createTestWebsite()
  await ok(
    site.api('PUT', '/api/locales', {
      body: { locales: [{ code: 'en', default: true }, { code: 'fr' }, { code: 'de' }] },
    }),
  )
  await ok(site.api('POST', '/api/content-types', { body: TYPES[0] }), 201)
  for (const body of COMPONENTS) await ok(site.api('POST', '/api/components', { body }), 201)
  for (const body of TYPES.slice(1)) await ok(site.api('POST', '/api/content-types', { body }), 201)
  image = (await ok(upload(site, { bytes: await makeImage(), name: 'hero.png' }), 201)).id
})

afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()))
})

const person = async (name: string): Promise<string> =>
  (await ok(site.api('POST', '/api/content', { body: { type: 'person', data: { name } } }), 201)).id

const create = (type: string, data: object, query = '') =>
  site.api('POST', `/api/content${query}`, { body: { type, data } })

const patch = (id: string, data: object, query = '') =>
  site.api('PATCH', `/api/content/${id}${query}`, { body: { data } })

const detailsOf = (response: any): Array<{ path: string }> => response.body.error.details

describe('documents with components and blocks', () => {
  it('components: values round-trip — when a landing page with an SEO group, repeatable specs and blocks is created, updated and read, then every nested value comes back as sent, in order', async () => {
    const by = await person('Ada')
    const data = {
      title: 'Home',
      seo: { title: 'Home page', description: 'Welcome' },
      specs: [{ label: 'Width', value: '3 m' }, { label: 'Colour' }],
      sections: [
        { __component: 'hero', heading: 'Hello', image },
        { __component: 'quote', text: 'Well built', by },
        { __component: 'grid', cards: [{ title: 'One' }, { title: 'Two', image }] },
      ],
    }
    const created = await ok(create('landing', data), 201)
    expect(created.data).toEqual(data)
    const sections = [data.sections[2], data.sections[0]]
    const updated = await ok(patch(created.id, { sections, seo: { title: 'Home, again' } }))
    expect(updated.data).toEqual({ ...data, sections, seo: { title: 'Home, again' } })
    const read = await ok(site.api('GET', `/api/content/${created.id}?draft=true`))
    expect(read.data).toEqual(updated.data)
  })

  it('components: errors name the exact path — when nested values are wrong, then the 422 names each one where it is: a missing media file in a block, a required field of a component, an unknown component, too many items', async () => {
    const missing = await create('landing', {
      title: 'Bad',
      seo: { description: 'no title' },
      sections: [
        { __component: 'hero', heading: 'A' },
        { __component: 'quote', text: 'B' },
        { __component: 'hero', heading: 'C', image: randomUUID() },
      ],
    })
    expect(missing.status).toBe(422)
    expect(detailsOf(missing).map((detail) => detail.path)).toContain('data.seo.title')
    const media = await create('landing', {
      title: 'Bad',
      sections: [
        { __component: 'hero', heading: 'A' },
        { __component: 'quote', text: 'B' },
        { __component: 'hero', heading: 'C', image: randomUUID() },
      ],
    })
    expect(media.status).toBe(422)
    expect(detailsOf(media)).toEqual([
      expect.objectContaining({
        path: 'data.sections[2].image',
        message: expect.stringContaining('media file'),
      }),
    ])
    const unknown = await create('landing', {
      title: 'Bad',
      sections: [
        { __component: 'hero', heading: 'A' },
        { __component: 'banner', text: 'x' },
      ],
    })
    expect(unknown.status).toBe(422)
    expect(detailsOf(unknown).map((detail) => detail.path)).toEqual([
      'data.sections[1].__component',
    ])
    const tooMany = await create('landing', {
      title: 'Bad',
      specs: [{ label: 'a' }, { label: 'b' }, { label: 'c' }, { label: 'd' }],
    })
    expect(tooMany.status).toBe(422)
    expect(detailsOf(tooMany)[0]!.path).toBe('data.specs')
    const listed = await ok(
      site.api('GET', '/api/content?type=landing&draft=true&filters[data.title][$eq]=Bad'),
    )
    expect(listed.totalDocs).toBe(0)
  })

  it('components: relations and media inside are references — when a block names a person and an image, then both deletes are 409 and referenced-by lists the page; once the block is gone, the person can be deleted', async () => {
    const by = await person('Grace')
    const held = (
      await ok(upload(site, { bytes: await makeImage({ width: 12 }), name: 'held.png' }), 201)
    ).id
    const page = await ok(
      create('landing', {
        title: 'Refs',
        sections: [
          { __component: 'hero', heading: 'A' },
          { __component: 'grid', cards: [{ title: 'x', image: held }] },
          { __component: 'quote', text: 'B', by },
        ],
      }),
      201,
    )
    const refusedPerson = await site.api('DELETE', `/api/content/${by}`)
    expect(refusedPerson.status).toBe(409)
    expect(refusedPerson.text).toContain(page.id)
    const refusedMedia = await site.api('DELETE', `/api/media/${held}`)
    expect(refusedMedia.status).toBe(409)
    expect(refusedMedia.text).toContain(page.id)
    const referrers = await ok(site.api('GET', `/api/content/${by}/referenced-by`))
    expect(referrers.docs.map((doc: { id: string }) => doc.id)).toEqual([page.id])
    await ok(patch(page.id, { sections: [{ __component: 'hero', heading: 'A' }] }))
    expect((await site.api('DELETE', `/api/content/${by}`)).status).toBe(204)
    expect((await site.api('DELETE', `/api/media/${held}`)).status).toBe(204)
  })

  it('components: relations and media inside are references — when the person a quote block names is deleted with force, then moving the block is still accepted, and a new id in a block is checked', async () => {
    const by = await person('Edsger')
    const quote = { __component: 'quote', text: 'Q', by }
    const hero = { __component: 'hero', heading: 'H' }
    const page = await ok(create('landing', { title: 'Kept', sections: [quote, hero] }), 201)
    expect((await site.api('DELETE', `/api/content/${by}?force=true`)).status).toBe(204)
    const moved = await ok(patch(page.id, { sections: [hero, quote] }))
    expect(moved.data.sections).toEqual([hero, quote])
    const added = await patch(page.id, {
      sections: [hero, quote, { ...quote, by: randomUUID() }],
    })
    expect(added.status).toBe(422)
    expect(detailsOf(added).map((detail) => detail.path)).toEqual(['data.sections[2].by'])
  })

  it('components: localized as a whole — when a localized guide gets its SEO group in English and French, then each locale reads its own whole group, de falls back to English whole, and a shared repeatable component is one value', async () => {
    const guide = await ok(
      create('guide', {
        title: 'Guide',
        seo: { title: 'Guide', description: 'English', image },
        specs: [{ label: 'Size' }],
      }),
      201,
    )
    await ok(
      patch(guide.id, { seo: { title: 'Guide FR' }, specs: [{ label: 'Taille' }] }, '?locale=fr'),
    )
    const fr = await ok(site.api('GET', `/api/content/${guide.id}?draft=true&locale=fr`))
    expect(fr.data.seo).toEqual({ title: 'Guide FR' })
    const de = await ok(site.api('GET', `/api/content/${guide.id}?draft=true&locale=de`))
    expect(de.data.seo).toEqual({ title: 'Guide', description: 'English', image })
    const all = await ok(site.api('GET', `/api/content/${guide.id}?draft=true&locale=*`))
    expect(all.data.seo).toEqual({
      en: { title: 'Guide', description: 'English', image },
      fr: { title: 'Guide FR' },
    })
    expect(all.data.specs).toEqual([{ label: 'Taille' }])
    const partial = await patch(guide.id, { seo: { description: 'sans titre' } }, '?locale=fr')
    expect(partial.status).toBe(422)
    expect(detailsOf(partial).map((detail) => detail.path)).toEqual(['data.seo.title'])
  })

  it('components: localized as a whole — when only the French group names an image, then the image is still referenced', async () => {
    const own = (
      await ok(upload(site, { bytes: await makeImage({ width: 14 }), name: 'fr.png' }), 201)
    ).id
    const guide = await ok(create('guide', { title: 'Bild', seo: { title: 'Sans image' } }), 201)
    await ok(patch(guide.id, { seo: { title: 'Avec image', image: own } }, '?locale=fr'))
    const refused = await site.api('DELETE', `/api/media/${own}`)
    expect(refused.status).toBe(409)
    expect(refused.text).toContain(guide.id)
  })

  it('components: drafts and versions hold nested values — when a published page saves new blocks as a pending draft, then reads keep the live blocks until publish, and restoring the first version brings its blocks back', async () => {
    const first = [{ __component: 'hero', heading: 'First' }]
    const page = await ok(create('landing', { title: 'Drafted', sections: first }), 201)
    await ok(site.api('POST', `/api/content/${page.id}/publish`))
    const by = await person('Linus')
    const drafted = [
      { __component: 'quote', text: 'Drafted', by },
      { __component: 'hero', heading: 'Second' },
    ]
    await ok(patch(page.id, { sections: drafted }, '?draft=true'))
    expect((await ok(site.readApi('GET', `/api/content/${page.id}`))).data.sections).toEqual(first)
    const draft = await ok(site.api('GET', `/api/content/${page.id}?draft=true`))
    expect(draft.data.sections).toEqual(drafted)
    expect((await site.api('DELETE', `/api/content/${by}`)).status).toBe(409)
    await ok(site.api('POST', `/api/content/${page.id}/publish`))
    expect((await ok(site.readApi('GET', `/api/content/${page.id}`))).data.sections).toEqual(
      drafted,
    )
    const versions = await ok(site.api('GET', `/api/content/${page.id}/versions`))
    expect(versions.docs.map((version: any) => version.data.sections)).toContainEqual(drafted)
    const restored = await ok(site.api('POST', `/api/content/${page.id}/restore/1`))
    expect(restored.data.sections).toEqual(first)
    expect(restored.status).toBe('published')
  })

  it('components: a removed nested field never blocks a write — when a component drops a field, then the next PATCH of a page holding it in a block succeeds and drops the value', async () => {
    const name = `hint${Date.now().toString(36)}`
    const fields = [
      { name: 'text', type: 'text' },
      { name: 'old', type: 'text' },
    ]
    await ok(site.api('POST', '/api/components', { body: { name, fields } }), 201)
    const typeName = `tips${Date.now().toString(36)}`
    await ok(
      site.api('POST', '/api/content-types', {
        body: {
          name: typeName,
          fields: [
            { name: 'title', type: 'text' },
            { name: 'hints', type: 'blocks', components: [name] },
          ],
        },
      }),
      201,
    )
    const page = await ok(
      create(typeName, { title: 'T', hints: [{ __component: name, text: 'a', old: 'gone soon' }] }),
      201,
    )
    await ok(site.api('PATCH', `/api/components/${name}`, { body: { fields: [fields[0]] } }))
    const edited = await ok(patch(page.id, { title: 'T2' }))
    expect(edited.data).toEqual({ title: 'T2', hints: [{ __component: name, text: 'a' }] })
  })

  it('components: events carry nested data — when a page with blocks is created, then the webhook payload holds its blocks as stored', async () => {
    const target = await startReceiver()
    receivers.push(target)
    await ok(
      site.api('POST', '/api/webhooks', {
        body: { url: target.url, events: ['entry.create'], contentTypes: ['landing'] },
      }),
      201,
    )
    const data = {
      title: 'Hooked',
      seo: { title: 'Hooked' },
      sections: [{ __component: 'grid', cards: [{ title: 'x', image }] }],
    }
    const page = await ok(create('landing', data), 201)
    const [request] = await target.waitForRequests(1, 20_000)
    expect(request!.json().document).toMatchObject({ id: page.id, data })
  })
})

describe('blocks at the nesting limit', () => {
  it('components: blocks at the depth limit hold values — when a page holds blocks nested 5 levels deep with an image at the bottom, then it is stored, read back whole, protects the image and populates it; a value one level deeper than the type declares is 422 at its path', async () => {
    const own = await createTestWebsite()
    const ownImage = (await ok(upload(own, { bytes: await makeImage(), name: 'deep.png' }), 201)).id
    const levels = 5
    for (let level = levels; level >= 1; level--) {
      const inner =
        level === levels
          ? [{ name: 'picture', type: 'media' }]
          : [{ name: 'inner', type: 'blocks', components: [`level${level + 1}`] }]
      await ok(
        own.api('POST', '/api/components', {
          body: { name: `level${level}`, fields: [{ name: 'note', type: 'text' }, ...inner] },
        }),
        201,
      )
    }
    await ok(
      own.api('POST', '/api/content-types', {
        body: { name: 'deep', fields: [{ name: 'top', type: 'blocks', components: ['level1'] }] },
      }),
      201,
    )
    const nested = (level: number): Record<string, unknown> =>
      level === levels
        ? { __component: `level${level}`, note: `n${level}`, picture: ownImage }
        : { __component: `level${level}`, note: `n${level}`, inner: [nested(level + 1)] }
    const data = { top: [nested(1)] }
    const created = await ok(own.api('POST', '/api/content', { body: { type: 'deep', data } }), 201)
    expect(created.data).toEqual(data)
    expect((await ok(own.api('GET', `/api/content/${created.id}?draft=true`))).data).toEqual(data)
    await ok(own.api('DELETE', `/api/media/${ownImage}`), 409)

    const populate = Array.from({ length: levels - 1 }, () => '[inner][populate]').join('')
    const populated = await ok(
      own.api(
        'GET',
        `/api/content/${created.id}?draft=true&populate[top][populate]${populate}[picture]=true`,
      ),
    )
    let bottom: any = populated.data.top[0]
    for (let level = 2; level <= levels; level++) bottom = bottom.inner[0]
    expect(bottom.picture).toEqual(expect.objectContaining({ id: ownImage }))

    const tooDeep = structuredClone(data) as any
    let last: any = tooDeep.top[0]
    for (let level = 2; level <= levels; level++) last = last.inner[0]
    last.inner = [{ __component: 'level1' }]
    const answer = await own.api('POST', '/api/content', { body: { type: 'deep', data: tooDeep } })
    expect(answer.status).toBe(422)
    expect(detailsOf(answer)).toEqual([
      {
        path: 'data.top[0].inner[0].inner[0].inner[0].inner[0].inner',
        message: 'is not a field of component level5',
      },
    ])
  })
})
