/** A version record's `_id`, which is also the version id the API shows. */
export const versionKey = (documentId: string, version: number): string =>
  `${documentId}:${version}`

/**
 * A version id as the API shows it (`<documentId>:<version>`), or a bare version number;
 * undefined when it cannot name a version of `documentId`.
 */
export function versionNumberOf(documentId: string, versionId: string): number | undefined {
  const bare = versionId.startsWith(`${documentId}:`)
    ? versionId.slice(documentId.length + 1)
    : versionId
  if (!/^[1-9]\d{0,8}$/.test(bare)) return undefined
  return Number(bare)
}
