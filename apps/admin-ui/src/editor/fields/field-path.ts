/**
 * Where a value sits in a document's data, as the API's 422 details name it without their
 * `data.` prefix: `title`, `seo.title`, `sections[2].image`.
 */
export { indexPath as itemPath, memberPath as childPath } from '@cms/errors'

/** A control's id: `field-` and the path with `.`, `[` and `]` as `-` (field names cannot hold them). */
export const pathId = (path: string): string =>
  `field-${path.replace(/\]/g, '').replace(/[.[]/g, '-')}`

/** The path one level up (`sections[2]` of `sections[2].title`); '' at the top. */
export function parentPath(path: string): string {
  const up = path.replace(/(\.[^.[\]]+|\[[^\]]*\])$/, '')
  return up === path ? '' : up
}
