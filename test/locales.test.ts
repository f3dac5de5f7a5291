import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite, waitFor } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'
import { startReceiver } from '../services/webhook/test/support/receiver.ts'
import type { Receiver } from '../services/webhook/test/support/receiver.ts'

const EN_FR_DE = {
  locales: [
    { code: 'en', default: true },
    { code: 'fr', fallback: 'en' },
    { code: 'fr-CA', fallback: 'fr' },
    { code: 'de' },
  ],
}

async function ok(response: Promise<any>, status = 200) {
  const answer = await response
  if (answer.status !== status)
    throw new Error(`expected ${status}, got ${answer.status}: ${answer.text}`)
  return answer.body
}

/** A website with en (default), fr -> en, fr-CA -> fr, de; a localized article with a shared price. */
async function localizedSite(): Promise<TestWebsite> {
  const site = await createTestWebsite()
  await ok(site.api('PUT', '/api/locales', { body: EN_FR_DE }))
  await ok(
    site.api('POST', '/api/content-types', {
      body: {
        name: 'author',
        titleField: 'name',
        localized: true,
        fields: [
          { name: 'name', type: 'text', localized: false },
          { name: 'bio', type: 'text' },
        ],
      },
    }),
    201,
  )
  await ok(
    site.api('POST', '/api/content-types', {
      body: {
        name: 'article',
        titleField: 'title',
        localized: true,
        fields: [
          { name: 'title', type: 'text', required: true },
          { name: 'summary', type: 'textarea' },
          { name: 'price', type: 'number', localized: false },
          { name: 'author', type: 'relation', target: 'author' },
        ],
      },
    }),
    201,
  )
  return site
}

const query = (path: string, params: Record<string, string>) =>
  `${path}?${new URLSearchParams(params)}`

describe('website locales', () => {
  it('locales: a new website has en — when a website is new, then its locales are en, the default', async () => {
    const site = await createTestWebsite()
    expect((await ok(site.readApi('GET', '/api/locales'))).locales).toEqual([
      { code: 'en', default: true },
    ])
  })

  it('locales: PUT replaces the list — when an admin puts a list, then every key reads it; a read key cannot put', async () => {
    const site = await createTestWebsite()
    const put = await ok(site.api('PUT', '/api/locales', { body: EN_FR_DE }))
    expect(put.locales).toEqual(EN_FR_DE.locales)
    expect((await ok(site.readApi('GET', '/api/locales'))).locales).toEqual(EN_FR_DE.locales)
    expect((await site.readApi('PUT', '/api/locales', { body: EN_FR_DE })).status).toBe(403)
  })

  it('locales: codes are canonical BCP 47 — when a code is not canonical or not a language tag, then 422 names it and nothing changes', async () => {
    const site = await createTestWebsite()
    const lower = await site.api('PUT', '/api/locales', {
      body: { locales: [{ code: 'en', default: true }, { code: 'fr-ca' }] },
    })
    expect(lower.status).toBe(422)
    expect(lower.body.error.details).toContainEqual({
      path: 'locales[1].code',
      message: 'must be written in canonical form: "fr-CA"',
    })
    const junk = await site.api('PUT', '/api/locales', {
      body: { locales: [{ code: 'not a tag!', default: true }] },
    })
    expect(junk.status).toBe(422)
    expect(junk.body.error.details[0].path).toBe('locales[0].code')
    expect((await ok(site.api('GET', '/api/locales'))).locales).toEqual([
      { code: 'en', default: true },
    ])
  })

  it('locales: one default, chains end at it — when no or two defaults, an unknown fallback or a cycle is sent, then 422 names it', async () => {
    const site = await createTestWebsite()
    const cases: Array<[unknown[], string]> = [
      [[{ code: 'en' }, { code: 'fr' }], 'locales'],
      [
        [
          { code: 'en', default: true },
          { code: 'fr', default: true },
        ],
        'locales',
      ],
      [
        [
          { code: 'en', default: true },
          { code: 'fr', fallback: 'es' },
        ],
        'locales[1].fallback',
      ],
      [
        [
          { code: 'en', default: true },
          { code: 'fr', fallback: 'de' },
          { code: 'de', fallback: 'fr' },
        ],
        'locales[1].fallback',
      ],
      [[{ code: 'en', default: true, fallback: 'fr' }, { code: 'fr' }], 'locales[0].fallback'],
      [[{ code: 'en', default: true }, { code: 'en' }], 'locales[1].code'],
    ]
    for (const [locales, path] of cases) {
      const answer = await site.api('PUT', '/api/locales', { body: { locales } })
      expect(answer.status, JSON.stringify(locales)).toBe(422)
      expect(answer.body.error.code).toBe('VALIDATION_ERROR')
      expect(answer.body.error.details.map((d: { path: string }) => d.path)).toContain(path)
    }
  })

  it('locales: each website has its own locales — when two websites set different lists, then each reads and validates against its own', async () => {
    const one = await localizedSite()
    const two = await createTestWebsite()
    await ok(
      two.api('PUT', '/api/locales', {
        body: { locales: [{ code: 'es', default: true }, { code: 'it' }] },
      }),
    )
    await ok(
      two.api('POST', '/api/content-types', {
        body: { name: 'page', localized: true, fields: [{ name: 'title', type: 'text' }] },
      }),
      201,
    )
    expect((await ok(two.api('GET', '/api/locales'))).locales.map((l: any) => l.code)).toEqual([
      'es',
      'it',
    ])
    const page = await ok(
      two.api('POST', '/api/content?locale=it', {
        body: { type: 'page', data: { title: 'Ciao' } },
      }),
      201,
    )
    expect(page.locale).toBe('it')
    const french = await two.api('POST', '/api/content?locale=fr', {
      body: { type: 'page', data: { title: 'Salut' } },
    })
    expect(french.status).toBe(422)
    expect(french.body.error.details[0].path).toBe('locale')
    const article = await one.api('POST', '/api/content?locale=it', {
      body: { type: 'article', data: { title: 'Ciao' } },
    })
    expect(article.status).toBe(422)
  })
})

describe('localized documents', () => {
  let site: TestWebsite
  beforeAll(async () => {
    site = await localizedSite()
  })

  async function article(data: Record<string, unknown>) {
    return ok(site.api('POST', '/api/content', { body: { type: 'article', data } }), 201)
  }

  it('locales: localized types and fields — when a type is localized, then its definition says so; localized: true on a field of a shared type is 422', async () => {
    const type = await ok(site.api('GET', '/api/content-types/article'))
    expect(type.localized).toBe(true)
    expect(type.fields.find((f: any) => f.name === 'price').localized).toBe(false)
    const wrong = await site.api('POST', '/api/content-types', {
      body: { name: 'plain', fields: [{ name: 'title', type: 'text', localized: true }] },
    })
    expect(wrong.status).toBe(422)
    expect(wrong.body.error.details[0].path).toBe('fields[0].localized')
  })

  it('locales: writes name a locale; locales: reads fall back field by field — when French values are written beside English ones, then a French read shows them and falls back to English per field', async () => {
    const created = await article({ title: 'Hello', summary: 'In English', price: 3 })
    expect(created.locale).toBe('en')
    expect(created.localesPresent).toEqual(['en'])
    const patched = await ok(
      site.api('PATCH', `/api/content/${created.id}?locale=fr`, {
        body: { data: { title: 'Bonjour', price: 4 } },
      }),
    )
    expect(patched.locale).toBe('fr')
    expect(patched.data).toEqual({ title: 'Bonjour', summary: 'In English', price: 4 })
    const french = await ok(site.api('GET', `/api/content/${created.id}?draft=true&locale=fr`))
    expect(french.data).toEqual({ title: 'Bonjour', summary: 'In English', price: 4 })
    expect(french.localesPresent).toEqual(['en', 'fr'])
    const canadian = await ok(site.api('GET', `/api/content/${created.id}?draft=true&locale=fr-CA`))
    expect(canadian.data.title).toBe('Bonjour')
    expect(canadian.locale).toBe('fr-CA')
    const english = await ok(site.api('GET', `/api/content/${created.id}?draft=true`))
    expect(english.data).toEqual({ title: 'Hello', summary: 'In English', price: 4 })
    expect(english.locale).toBe('en')
  })

  it('locales: locale=* shows every locale — when read with locale=*, then each localized field is keyed by code and shared fields are plain', async () => {
    const created = await article({ title: 'Star', price: 1 })
    await ok(
      site.api('PATCH', `/api/content/${created.id}?locale=de`, {
        body: { data: { title: 'Stern' } },
      }),
    )
    const all = await ok(site.api('GET', `/api/content/${created.id}?draft=true&locale=*`))
    expect(all.data).toEqual({ title: { en: 'Star', de: 'Stern' }, summary: {}, price: 1 })
    expect(all.slugs).toEqual({ en: 'star', de: 'stern' })
  })

  it('locales: required holds for the default locale — when a French write leaves a required localized field empty, then it is accepted; an English one is 422', async () => {
    const french = await site.api('POST', '/api/content?locale=fr', {
      body: { type: 'article', data: { summary: 'Sans titre', price: 2 } },
    })
    expect(french.status).toBe(201)
    const english = await site.api('POST', '/api/content', {
      body: { type: 'article', data: { summary: 'No title' } },
    })
    expect(english.status).toBe(422)
    expect(english.body.error.details[0].path).toBe('data.title')
  })

  it('locales: unknown locales are 422 — when a read or write names a locale the website lacks, a non-canonical code, or * on a write, then 422 names locale and nothing is written', async () => {
    const created = await article({ title: 'Guarded' })
    const attempts = [
      site.api('GET', `/api/content/${created.id}?draft=true&locale=es`),
      site.api('GET', '/api/content?locale=fr-ca'),
      site.readApi('GET', '/api/content/by-slug/article/guarded?locale=xx'),
      site.api('PATCH', `/api/content/${created.id}?locale=es`, {
        body: { data: { title: 'Hola' } },
      }),
      site.api('PATCH', `/api/content/${created.id}?locale=*`, {
        body: { data: { title: 'All' } },
      }),
      site.api('POST', '/api/content?locale=pt', {
        body: { type: 'article', data: { title: 'Olá' } },
      }),
    ]
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status, answer.text).toBe(422)
      expect(answer.body.error.details[0].path).toBe('locale')
    }
    expect((await ok(site.api('GET', `/api/content/${created.id}?draft=true`))).version).toBe(1)
  })

  it('locales: a shared field takes one value — when a shared field is sent as one value per locale, then 422 names it and nothing is written', async () => {
    const answer = await site.api('POST', '/api/content', {
      body: { type: 'author', data: { name: { en: 'Ann', fr: 'Anne' } } },
    })
    expect(answer.status).toBe(422)
    expect(answer.body.error.details).toContainEqual({
      path: 'data.name',
      message: 'is shared by every locale (localized: false); send one value, not one per locale',
    })
  })

  it('locales: slugs per locale — when French titles are written, then each document gets a French slug, unique per locale, found by slug in French', async () => {
    const first = await article({ title: 'Summer sale' })
    const second = await article({ title: 'Summer offers' })
    for (const id of [first.id, second.id]) {
      await ok(
        site.api('PATCH', `/api/content/${id}?locale=fr`, {
          body: { data: { title: 'Soldes d’été' } },
        }),
      )
      await ok(site.api('POST', `/api/content/${id}/publish`))
    }
    const frenchFirst = await ok(site.readApi('GET', `/api/content/${first.id}?locale=fr`))
    const frenchSecond = await ok(site.readApi('GET', `/api/content/${second.id}?locale=fr`))
    expect(frenchFirst.slug).toBe('soldes-d-ete')
    expect(frenchSecond.slug).toBe('soldes-d-ete-2')
    const found = await ok(
      site.readApi('GET', '/api/content/by-slug/article/soldes-d-ete-2?locale=fr'),
    )
    expect(found.id).toBe(second.id)
    expect(found.slug).toBe('soldes-d-ete-2')
    expect(found.data.title).toBe('Soldes d’été')
    expect((await site.readApi('GET', '/api/content/by-slug/article/soldes-d-ete')).status).toBe(
      404,
    )
    expect((await ok(site.readApi('GET', '/api/content/by-slug/article/summer-sale'))).id).toBe(
      first.id,
    )
    // Canadian French has no slug of its own: it shows French's, along its chain.
    expect((await ok(site.readApi('GET', `/api/content/${first.id}?locale=fr-CA`))).slug).toBe(
      'soldes-d-ete',
    )
    const taken = await site.api('PATCH', `/api/content/${first.id}?locale=fr`, {
      body: { slug: 'soldes-d-ete-2' },
    })
    expect(taken.status).toBe(409)
  })

  it("locales: filters and sorts use the locale's own value — when a list filters and sorts in French, then French values decide and English ones do not leak in", async () => {
    const tag = `f${Date.now()}`
    const [apple, pear, plum] = await Promise.all([
      article({ title: `${tag} apple`, summary: tag }),
      article({ title: `${tag} pear`, summary: tag }),
      article({ title: `${tag} plum`, summary: tag }),
    ])
    await ok(
      site.api('PATCH', `/api/content/${apple!.id}?locale=fr`, {
        body: { data: { title: `${tag} pomme` } },
      }),
    )
    await ok(
      site.api('PATCH', `/api/content/${pear!.id}?locale=fr`, {
        body: { data: { title: `${tag} poire` } },
      }),
    )
    const filtered = await ok(
      site.api(
        'GET',
        query('/api/content', {
          draft: 'true',
          type: 'article',
          locale: 'fr',
          'filters[data.title][$startsWith]': `${tag} po`,
          sort: 'data.title:asc',
        }),
      ),
    )
    expect(filtered.docs.map((d: any) => d.id)).toEqual([pear!.id, apple!.id])
    expect(filtered.docs.map((d: any) => d.data.title)).toEqual([`${tag} poire`, `${tag} pomme`])
    const plumInFrench = await ok(
      site.api(
        'GET',
        query('/api/content', {
          draft: 'true',
          locale: 'fr',
          'filters[data.title][$eq]': `${tag} plum`,
        }),
      ),
    )
    expect(plumInFrench.totalDocs).toBe(0)
    const listed = await ok(
      site.api(
        'GET',
        query('/api/content', {
          draft: 'true',
          locale: 'fr',
          'filters[data.summary][$eq]': tag,
          sort: 'data.title:asc',
          fields: 'title',
        }),
      ),
    )
    // Reads fall back to the English summary; the filter reads French values, and there are none.
    expect(listed.totalDocs).toBe(0)
    const english = await ok(
      site.api(
        'GET',
        query('/api/content', {
          draft: 'true',
          'filters[data.summary][$eq]': tag,
          sort: 'data.title:asc',
          fields: 'title',
        }),
      ),
    )
    expect(english.docs.map((d: any) => d.id)).toEqual([apple!.id, pear!.id, plum!.id])
    expect(english.docs[0].data).toEqual({ title: `${tag} apple` })
  })

  it('locales: populate in the asked locale — when an article populates its author in French, then the author shows its French values; the relation is shared', async () => {
    const author = await ok(
      site.api('POST', '/api/content', {
        body: { type: 'author', data: { name: 'Ann', bio: 'Writer' } },
      }),
      201,
    )
    await ok(
      site.api('PATCH', `/api/content/${author.id}?locale=fr`, {
        body: { data: { bio: 'Écrivaine' } },
      }),
    )
    const created = await article({ title: 'By Ann', author: author.id })
    await ok(
      site.api('PATCH', `/api/content/${created.id}?locale=fr`, {
        body: { data: { title: 'Par Ann' } },
      }),
    )
    const french = await ok(
      site.api('GET', `/api/content/${created.id}?locale=fr&draft=true&populate=author`),
    )
    expect(french.data.title).toBe('Par Ann')
    expect(french.data.author.data).toEqual({ name: 'Ann', bio: 'Écrivaine' })
    expect(french.data.author.locale).toBe('fr')
    const list = await ok(
      site.api(
        'GET',
        query('/api/content', {
          draft: 'true',
          locale: 'fr',
          type: 'article',
          'filters[data.author][$eq]': author.id,
          populate: 'author',
        }),
      ),
    )
    expect(list.docs[0].data.author.data.bio).toBe('Écrivaine')
  })

  it("locales: related filters use the locale's own value — when a list filters by a related author's bio in French, then the author's French bio decides, not its English one", async () => {
    const author = await ok(
      site.api('POST', '/api/content', {
        body: { type: 'author', data: { name: 'Bea', bio: 'Painter' } },
      }),
      201,
    )
    await ok(
      site.api('PATCH', `/api/content/${author.id}?locale=fr`, {
        body: { data: { bio: 'Peintre' } },
      }),
    )
    const created = await article({ title: 'By Bea', author: author.id })
    const byBio = async (locale: string, bio: string) => {
      const list = await ok(
        site.api(
          'GET',
          query('/api/content', {
            draft: 'true',
            locale,
            type: 'article',
            'filters[data.author.bio][$eq]': bio,
          }),
        ),
      )
      return list.docs.map((doc: { id: string }) => doc.id)
    }
    expect(await byBio('fr', 'Peintre')).toEqual([created.id])
    expect(await byBio('fr', 'Painter')).toEqual([])
    expect(await byBio('en', 'Painter')).toEqual([created.id])
    expect(await byBio('en', 'Peintre')).toEqual([])
  })

  it('locales: versions keep every locale — when a document is restored to a version, then every locale’s values come back', async () => {
    const created = await article({ title: 'One' })
    await ok(
      site.api('PATCH', `/api/content/${created.id}?locale=fr`, {
        body: { data: { title: 'Un' } },
      }),
    )
    await ok(
      site.api('PATCH', `/api/content/${created.id}?locale=fr`, {
        body: { data: { title: 'Deux' } },
      }),
    )
    await ok(site.api('PATCH', `/api/content/${created.id}`, { body: { data: { title: 'Two' } } }))
    await ok(site.api('POST', `/api/content/${created.id}/restore/2`))
    const all = await ok(site.api('GET', `/api/content/${created.id}?draft=true&locale=*`))
    expect(all.data.title).toEqual({ en: 'One', fr: 'Un' })
    expect(all.version).toBe(5)
  })

  it('locales: a pending draft keeps every locale — when a published document gets a French pending draft, then the live French read is unchanged until publish', async () => {
    const created = await article({ title: 'Live' })
    await ok(site.api('POST', `/api/content/${created.id}/publish`))
    await ok(
      site.api('PATCH', `/api/content/${created.id}?locale=fr&draft=true`, {
        body: { data: { title: 'Brouillon' } },
      }),
    )
    expect((await ok(site.readApi('GET', `/api/content/${created.id}?locale=fr`))).data.title).toBe(
      'Live',
    )
    expect(
      (await ok(site.api('GET', `/api/content/${created.id}?locale=fr&draft=true`))).data.title,
    ).toBe('Brouillon')
    await ok(site.api('POST', `/api/content/${created.id}/publish`))
    expect((await ok(site.readApi('GET', `/api/content/${created.id}?locale=fr`))).data.title).toBe(
      'Brouillon',
    )
  })

  it('locales: the read cache keys on the locale — when the same document is read in two locales through the cache, then each locale gets its own answer, and a locale change reaches cached reads', async () => {
    const created = await article({ title: 'Cached' })
    await ok(
      site.api('PATCH', `/api/content/${created.id}?locale=de`, {
        body: { data: { summary: 'Zwischengespeichert' } },
      }),
    )
    await ok(site.api('POST', `/api/content/${created.id}/publish`))
    const read = (locale: string) =>
      ok(site.readApi('GET', `/api/content/${created.id}?locale=${locale}`))
    for (let i = 0; i < 3; i++) {
      expect((await read('de')).data.summary).toBe('Zwischengespeichert')
      expect((await read('en')).data.summary).toBeUndefined()
      expect((await read('fr')).data.summary).toBeUndefined()
    }
    // fr-CA falls back to fr, then en; making de its fallback changes what it shows.
    await ok(
      site.api('PUT', '/api/locales', {
        body: {
          locales: [
            { code: 'en', default: true },
            { code: 'fr', fallback: 'en' },
            { code: 'fr-CA', fallback: 'de' },
            { code: 'de' },
          ],
        },
      }),
    )
    await waitFor(async () => (await read('fr-CA')).data.summary === 'Zwischengespeichert', {
      timeoutMs: 10_000,
    })
    await ok(site.api('PUT', '/api/locales', { body: EN_FR_DE }))
  })
})

describe('locale lifecycle', () => {
  const receivers: Receiver[] = []
  afterAll(async () => {
    await Promise.all(receivers.map((receiver) => receiver.close()))
  })

  it('locales: removing a used locale is 409 unless forced — when documents have German values, then removing de is 409; with force it goes and reads stop showing it', async () => {
    const site = await localizedSite()
    const created = await ok(
      site.api('POST', '/api/content?locale=de', {
        body: { type: 'article', data: { title: 'Nur Deutsch' } },
      }),
      201,
    )
    const withoutDe = {
      locales: EN_FR_DE.locales.filter((locale) => locale.code !== 'de'),
    }
    const refused = await site.api('PUT', '/api/locales', { body: withoutDe })
    expect(refused.status).toBe(409)
    expect(refused.body.error.message).toContain('de')
    // fr-CA is unused: removing it alone is fine.
    await ok(
      site.api('PUT', '/api/locales', {
        body: { locales: EN_FR_DE.locales.filter((locale) => locale.code !== 'fr-CA') },
      }),
    )
    const forced = await ok(site.api('PUT', '/api/locales?force=true', { body: withoutDe }))
    expect(forced.locales.map((l: any) => l.code)).toEqual(['en', 'fr', 'fr-CA'])
    const all = await ok(site.api('GET', `/api/content/${created.id}?draft=true&locale=*`))
    expect(all.data.title).toEqual({})
    expect(all.localesPresent).toEqual([])
  })

  it('locales: the default stays while localized documents exist — when documents of a localized type exist, then changing the default is 409; before any, it is allowed', async () => {
    const site = await createTestWebsite()
    await ok(
      site.api('PUT', '/api/locales', {
        body: { locales: [{ code: 'fr', default: true }, { code: 'en' }] },
      }),
    )
    await ok(
      site.api('POST', '/api/content-types', {
        body: { name: 'page', localized: true, fields: [{ name: 'title', type: 'text' }] },
      }),
      201,
    )
    await ok(
      site.api('POST', '/api/content', { body: { type: 'page', data: { title: 'Page' } } }),
      201,
    )
    const answer = await site.api('PUT', '/api/locales', {
      body: { locales: [{ code: 'en', default: true }, { code: 'fr' }] },
    })
    expect(answer.status).toBe(409)
    expect((await ok(site.api('GET', '/api/locales'))).locales[0]).toEqual({
      code: 'fr',
      default: true,
    })
  })

  it("locales: a type that becomes localized keeps its values as the default's — when a shared type is made localized, then its documents read their values in the default locale and take French ones", async () => {
    const site = await createTestWebsite()
    await ok(site.api('PUT', '/api/locales', { body: EN_FR_DE }))
    await ok(
      site.api('POST', '/api/content-types', {
        body: { name: 'note', titleField: 'title', fields: [{ name: 'title', type: 'text' }] },
      }),
      201,
    )
    const note = await ok(
      site.api('POST', '/api/content', { body: { type: 'note', data: { title: 'Old note' } } }),
      201,
    )
    await ok(site.api('PATCH', '/api/content-types/note', { body: { localized: true } }))
    const french = await ok(site.api('GET', `/api/content/${note.id}?draft=true&locale=fr`))
    expect(french.data.title).toBe('Old note')
    expect(french.localesPresent).toEqual(['en'])
    await ok(
      site.api('PATCH', `/api/content/${note.id}?locale=fr`, {
        body: { data: { title: 'Vieille note' } },
      }),
    )
    const all = await ok(site.api('GET', `/api/content/${note.id}?draft=true&locale=*`))
    expect(all.data.title).toEqual({ en: 'Old note', fr: 'Vieille note' })
  })

  it('locales: events carry the locale — when a French write is made, then its event says locale fr and shows data keyed by locale', async () => {
    const site = await localizedSite()
    const receiver = await startReceiver()
    receivers.push(receiver)
    await ok(
      site.api('POST', '/api/webhooks', {
        body: { name: 'locales', url: `${receiver.url}/hook`, events: ['entry.update'] },
      }),
      201,
    )
    const created = await ok(
      site.api('POST', '/api/content', { body: { type: 'article', data: { title: 'Event' } } }),
      201,
    )
    await ok(
      site.api('PATCH', `/api/content/${created.id}?locale=fr`, {
        body: { data: { title: 'Événement' } },
      }),
    )
    const [request] = await receiver.waitForRequests(1, 20_000)
    const payload = request!.json()
    expect(payload.locale).toBe('fr')
    expect(payload.document.data.title).toEqual({ en: 'Event', fr: 'Événement' })
  })
})
