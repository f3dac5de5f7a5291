import { Kind, parse } from 'graphql'
import type { FieldNode, FragmentDefinitionNode, OperationDefinitionNode } from 'graphql'
import { describe, expect, it } from 'vitest'
import type { ContentType, FieldDefinition } from '@cms/content-model'
import { childrenNamed, populateOf } from './populate-plan.ts'

const field = (name: string, type: FieldDefinition['type'], more: Partial<FieldDefinition> = {}) =>
  ({ name, label: name, type, required: false, ...more }) as FieldDefinition

const type = (name: string, fields: FieldDefinition[]) =>
  ({ name, label: name, fields, version: 1, createdAt: '', updatedAt: '', id: name }) as ContentType

const company = type('company', [field('name', 'text'), field('logo', 'media')])
const person = type('person', [
  field('name', 'text'),
  field('employer', 'relation', { target: 'company' }),
])
const article = type('article', [
  field('title', 'text'),
  field('author', 'relation', { target: 'person' }),
  field('secret', 'relation', { target: 'hidden' }),
  field('seo', 'component', {
    component: 'seo',
    fields: [field('title', 'text'), field('image', 'media')],
  }),
  field('meta', 'component', { component: 'meta', fields: [field('note', 'text')] }),
  field('body', 'blocks', {
    components: ['hero', 'quote'],
    blocks: [
      { name: 'hero', fields: [field('heading', 'text'), field('image', 'media')] },
      { name: 'quote', fields: [field('by', 'relation', { target: 'person' })] },
    ],
  }),
])
const types = new Map([company, person, article].map((t) => [t.name, t]))

/** The populate of `query`'s first root field's `data`. */
function planOf(query: string) {
  const document = parse(query)
  const operation = document.definitions.find(
    (d) => d.kind === Kind.OPERATION_DEFINITION,
  ) as OperationDefinitionNode
  const fragments = Object.fromEntries(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  )
  const root = operation.selectionSet.selections[0] as FieldNode
  return populateOf(article.fields, childrenNamed([root], 'data', fragments), { fragments, types })
}

describe('populateOf', () => {
  it('when only plain fields are selected, then nothing is populated', () => {
    expect(planOf('{ article { data { title meta { note } } } }')).toBeUndefined()
  })

  it('when relations are selected with their own relations, then populate nests as deep as the selection', () => {
    expect(
      planOf(
        '{ article { data { author { data { name employer { data { logo { url } } } } } } } }',
      ),
    ).toEqual({ author: { populate: { employer: { populate: { logo: true } } } } })
  })

  it('when a component and blocks are selected, then only their relation and media fields are populated, the blocks merged over components', () => {
    expect(
      planOf(`{ article { data {
        seo { title image { url } }
        body { ... on HeroComponent { heading image { url } } ... on QuoteComponent { by { id } } } } } }`),
    ).toEqual({ seo: { populate: { image: true } }, body: { populate: { image: true, by: true } } })
  })

  it('when fields come through fragments and aliases, then every selection counts, and a relation to a type the caller may not read stays an id', () => {
    expect(
      planOf(`query { article { data { ...A a2: author { data { employer { id } } } secret } } }
        fragment A on ArticleData { author { data { name } } }`),
    ).toEqual({ author: { populate: { employer: true } } })
  })
})
