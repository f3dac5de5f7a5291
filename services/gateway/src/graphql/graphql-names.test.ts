import { describe, expect, it } from 'vitest'
import { camelCase, isGraphqlFieldName, nameRegistry, pascalCase } from './graphql-names.ts'

describe('GraphQL names', () => {
  it('when type names have dashes and underscores, then dashes start a capital and underscores stay, so two names never meet', () => {
    expect(pascalCase('blog-post')).toBe('BlogPost')
    expect(pascalCase('blog_post')).toBe('Blog_post')
    expect(camelCase('blog-post')).toBe('blogPost')
    expect(pascalCase('a1-b2')).toBe('A1B2')
  })

  it('when a name is taken, then the next one gets _2, _3', () => {
    const name = nameRegistry(['Query'])
    expect([name('Query'), name('Query'), name('Post'), name('Post')]).toEqual([
      'Query_2',
      'Query_3',
      'Post',
      'Post_2',
    ])
  })

  it('when a field name begins with two underscores, then it is no GraphQL field name', () => {
    expect(isGraphqlFieldName('__component')).toBe(false)
    expect(isGraphqlFieldName('_private')).toBe(true)
  })
})
