/**
 * Whether an `If-Match` header admits the document at `version` (ETag `"<version>"`). `*`
 * matches any existing document; weak tags compare by value; a list matches when any entry does.
 */
export function ifMatchAdmits(header: string, version: number): boolean {
  const wanted = String(version)
  return header.split(',').some((raw) => {
    const tag = raw.trim()
    if (tag === '*') return true
    const unwrapped = tag.replace(/^W\//, '').replace(/^"(.*)"$/, '$1')
    return unwrapped === wanted
  })
}

export const etagOf = (version: number): string => `"${version}"`

/** The store's precondition for an `If-Match` header, if one was sent. */
export const preconditionOf = (
  header: string | undefined,
): ((current: { version: number }) => boolean) | undefined =>
  header === undefined ? undefined : (current) => ifMatchAdmits(header, current.version)
