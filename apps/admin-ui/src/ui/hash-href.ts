/** `path?settings`, or the bare path when there are none. */
export function hashHref(path: string, query: URLSearchParams | undefined): string {
  const search = query?.toString()
  return search ? `${path}?${search}` : path
}
