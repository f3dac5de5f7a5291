import type { CallRecord } from './operation-caller.ts'

/**
 * The tags a GraphQL answer may be shared by a CDN under (docs/graphql.md, "Caching"): those of
 * the REST calls behind a `GET` query answered whole, when each call was a tagged published
 * read; otherwise none, and the answer stays `private, no-store`.
 */
export function shareableAnswerTags(
  method: string,
  status: number,
  body: string | null,
  record: CallRecord,
): Set<string> | undefined {
  if (method !== 'GET' || status !== 200 || body === null) return undefined
  if (!record.published || record.tags.size === 0) return undefined
  const answer = JSON.parse(body) as { errors?: unknown }
  return answer.errors === undefined ? record.tags : undefined
}
