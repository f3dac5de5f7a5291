import { beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite, testEnv } from '@cms/testkit'
import { createCmsClient } from '../src/index.ts'
import type { CmsClient } from '../src/index.ts'

let cms: CmsClient
/** Every request the reader's client sends: method and path. */
const sent: { method: string; url: string }[] = []
let reader: CmsClient

beforeAll(async () => {
  const site = await createTestWebsite()
  cms = createCmsClient({ baseUrl: testEnv().gatewayUrl, apiKey: site.adminKey })
  reader = createCmsClient({
    baseUrl: testEnv().gatewayUrl,
    apiKey: site.readKey,
    fetch: (input, init) => {
      sent.push({ method: init?.method ?? 'GET', url: String(input) })
      return fetch(input, init)
    },
  })
  await cms.contentTypes.create({
    name: 'note',
    titleField: 'title',
    fields: [{ name: 'title', type: 'text', required: true }],
  })
})

describe('@cms/client on Node against the gateway: GraphQL', () => {
  it('when a mutation and a query go through cms.graphql, then the data comes back and an execution error is answered, not thrown', async () => {
    const made = await cms.graphql<{ createNote: { id: string; data: { title: string } } }>({
      query: 'mutation Make($data: JSON!) { createNote(data: $data) { id data { title } } }',
      variables: { data: { title: 'Hello' } },
    })
    expect(made.errors).toBeUndefined()
    const id = made.data!.createNote.id
    expect(made.data!.createNote.data.title).toBe('Hello')
    await cms.content.publish(id)

    const read = await reader.graphql<{ note: { data: { title: string } } }>({
      query: 'query One($id: ID!) { note(id: $id) { data { title } } }',
      variables: { id },
    })
    expect(read.data?.note.data.title).toBe('Hello')

    const refused = await reader.graphql({
      query: 'mutation { createNote(data: {title: "x"}) { id } }',
    })
    expect(refused.errors?.length).toBeGreaterThan(0)
  })

  it('when a query is persisted, then the first call sends its hash by GET and its text by POST, and the next one only the hash by GET', async () => {
    const request = { query: `query Listed { noteList { totalDocs } } # ${Date.now()}` }
    sent.length = 0
    const first = await reader.graphql<{ noteList: { totalDocs: number } }>(request, {
      persisted: true,
    })
    expect(first.data?.noteList.totalDocs).toBeGreaterThanOrEqual(0)
    expect(sent.map((request) => request.method)).toEqual(['GET', 'POST'])
    expect(sent[0]!.url).toContain('sha256Hash')
    expect(sent[0]!.url).not.toContain('noteList')

    sent.length = 0
    const again = await reader.graphql<{ noteList: { totalDocs: number } }>(request, {
      persisted: true,
    })
    expect(again.data).toEqual(first.data)
    expect(sent.map((request) => request.method)).toEqual(['GET'])
    expect(sent[0]!.url).not.toContain('noteList')
  })
})
