import { describe, expect, it } from 'vitest'
import { isUnionType } from 'graphql'
import type { GraphQLObjectType } from 'graphql'
import type { ContentType } from '@cms/content-model'
import { BUILT_IN_ROLES } from '@cms/contract'
import { buildWebsiteSchema } from './website-schema.ts'

const types = [
  {
    name: 'post',
    slugField: 'title',
    fields: [
      { name: 'title', type: 'text' },
      { name: 'author', type: 'relation', target: 'person' },
      {
        name: 'body',
        type: 'blocks',
        blocks: [{ name: 'hero', fields: [{ name: 'heading', type: 'text' }] }],
      },
    ],
  },
  { name: 'person', fields: [{ name: 'name', type: 'text' }] },
] as unknown as ContentType[]
const model = { types, locales: ['en'] }

const mutationNames = (schema: ReturnType<typeof buildWebsiteSchema>) =>
  Object.keys(schema.getMutationType()?.getFields() ?? {}).sort()

describe('buildWebsiteSchema', () => {
  it("when an owner's schema is built, then each type has its reads and five mutations, and blocks are a union of components", () => {
    const schema = buildWebsiteSchema(model, BUILT_IN_ROLES.owner)
    const query = Object.keys(schema.getQueryType()!.getFields()).sort()
    expect(query).toEqual(['locales', 'person', 'personList', 'post', 'postBySlug', 'postList'])
    expect(mutationNames(schema)).toEqual(
      ['create', 'update', 'publish', 'unpublish', 'delete']
        .flatMap((verb) => [`${verb}Person`, `${verb}Post`])
        .sort(),
    )
    expect(isUnionType(schema.getType('PostBodyBlock'))).toBe(true)
    expect(
      schema
        .getQueryType()!
        .getFields()
        .post!.args.map((a) => a.name),
    ).toContain('draft')
  })

  it('when a viewer, an author and a key reading one type get their schemas, then each holds only what it may use', () => {
    const viewer = buildWebsiteSchema(model, BUILT_IN_ROLES.viewer)
    expect(viewer.getMutationType()).toBeUndefined()
    expect(
      viewer
        .getQueryType()!
        .getFields()
        .post!.args.map((a) => a.name),
    ).not.toContain('draft')
    expect(mutationNames(buildWebsiteSchema(model, BUILT_IN_ROLES.author))).toEqual([
      'createPerson',
      'createPost',
      'updatePerson',
      'updatePost',
    ])
    const postsOnly = buildWebsiteSchema(model, { read: ['post'] })
    expect(postsOnly.getType('Person')).toBeUndefined()
    // The author relation, to a type the key may not read, is its id.
    const data = postsOnly.getType('PostData') as GraphQLObjectType
    expect(String(data.getFields().author!.type)).toBe('ID')
  })
})
