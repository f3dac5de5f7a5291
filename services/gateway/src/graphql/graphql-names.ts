/**
 * GraphQL names of a website's types and fields (docs/graphql.md, "Names"). Type and component
 * names (`blog-post`) become PascalCase at each dash (`BlogPost`, an underscore stays), root
 * fields camelCase (`blogPost`, `blogPostList`, `createBlogPost`); a name taken already (by
 * GraphQL, by this API's own types, or by an earlier type) gets `_2`, `_3`, ...
 */
export const pascalCase = (name: string): string =>
  name
    .split('-')
    .filter((part) => part !== '')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')

export const camelCase = (name: string): string => {
  const pascal = pascalCase(name)
  return pascal.charAt(0).toLowerCase() + pascal.slice(1)
}

/** GraphQL reserves names that begin with two underscores for introspection. */
export const isGraphqlFieldName = (name: string): boolean =>
  /^[_A-Za-z][_0-9A-Za-z]*$/.test(name) && !name.startsWith('__')

/** Hands out names once each: a second `wanted` gets `wanted_2`. */
export function nameRegistry(taken: readonly string[]): (wanted: string) => string {
  const used = new Set(taken)
  return (wanted) => {
    let name = wanted
    for (let n = 2; used.has(name); n++) name = `${wanted}_${n}`
    used.add(name)
    return name
  }
}
