import qs from 'qs'
import { describe, expect, it } from 'vitest'
import { parseQueryString } from '@cms/http'
import { readPopulate } from './populate-param.ts'
import { contentType as type, field, relation } from './content-types.fixture.ts'

const text = (name: string) => field(name, 'text')

const TYPES = [
  type('article', [text('title'), relation('author', 'person'), relation('tags', 'tag', true)]),
  type('person', [text('name'), relation('avatar', 'image')]),
  type('image', [text('alt'), relation('owner', 'person')]),
  type('tag', [text('label')]),
]
const read = (query: string) =>
  readPopulate(parseQueryString(query).populate, { types: TYPES, scope: [TYPES[0]!] })

describe('readPopulate', () => {
  it('when names are listed, in either list form, then each becomes a field to populate', () => {
    const expected = [
      { name: 'author', next: [] },
      { name: 'tags', next: [] },
    ]
    expect(read('populate=author,tags').populate).toEqual(expected)
    expect(read('populate[0]=author&populate[1]=data.tags').populate).toEqual(expected)
    expect(read('populate=*').populate).toEqual(expected)
  })

  it('when the object form names fields and a nested populate, then they are read against the targets', () => {
    const query = qs.stringify({
      populate: { author: { fields: ['name', 'slug'], populate: { avatar: { fields: 'alt' } } } },
    })
    expect(read(query).populate).toEqual([
      {
        name: 'author',
        fields: ['data.name', 'slug'],
        next: [{ name: 'avatar', fields: ['data.alt'], next: [] }],
      },
    ])
  })

  it('when populate nests past three levels, then that is the problem named', () => {
    const level = (inner: object) => ({ populate: inner })
    const three = { author: level({ avatar: level({ owner: true }) }) }
    expect(read(qs.stringify({ populate: three })).issues).toEqual([])
    const four = { author: level({ avatar: level({ owner: level({ avatar: true }) }) }) }
    expect(read(qs.stringify({ populate: four })).issues).toEqual([
      {
        path: 'populate[author][populate][avatar][populate][owner][populate]',
        message: 'populate nests at most 3 levels',
      },
    ])
  })

  it('when names are not relation fields of the scope, then each is a problem listing the relation fields', () => {
    expect(read('populate=title,nosuch').issues).toEqual([
      {
        path: 'populate',
        message: '"title" is not a relation field (relation fields: author, tags)',
      },
      {
        path: 'populate',
        message: '"nosuch" is not a relation field (relation fields: author, tags)',
      },
    ])
  })

  it('when nothing is sent, then nothing is populated', () => {
    expect(read('')).toEqual({ populate: undefined, issues: [] })
  })
})
