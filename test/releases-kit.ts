import { expect } from 'vitest'
import type { ApiCall } from '@cms/testkit'

/** A content type with a required title, as the release tests use it. */
export const pageType = (name: string) => ({
  name,
  titleField: 'title',
  fields: [
    { name: 'title', type: 'text', required: true },
    { name: 'body', type: 'text' },
  ],
})

/** Creates a draft of `type` and answers its id. */
export async function draftOf(api: ApiCall, type: string, title: string): Promise<string> {
  const made = await api('POST', '/api/content', { body: { type, data: { title } } })
  expect(made.status, made.text).toBe(201)
  return made.body.id as string
}

/** The reasons of a document's versions, oldest first. */
export async function reasonsOf(api: ApiCall, id: string): Promise<string[]> {
  const versions = await api('GET', `/api/content/${id}/versions?limit=100`)
  expect(versions.status, versions.text).toBe(200)
  return (versions.body.docs as Array<{ reason: string; version: number }>)
    .sort((a, b) => a.version - b.version)
    .map((version) => version.reason)
}

/** Creates a release (201 expected) and answers it. */
export async function releaseOf(
  api: ApiCall,
  name: string,
  entries: Array<{ documentId: string; action: 'publish' | 'unpublish'; version?: number }>,
) {
  const made = await api('POST', '/api/releases', { body: { name, entries } })
  expect(made.status, made.text).toBe(201)
  return made.body as { id: string; state: string; entries: unknown[] }
}
