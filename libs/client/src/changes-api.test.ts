import { describe, expect, it } from 'vitest'
import { changesApi } from './changes-api.ts'
import { CmsApiError } from './cms-api-error.ts'
import { createTransport } from './transport.ts'

const sse = (text: string) =>
  new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream' } })
const event = (seq: number) =>
  `id: ${seq}\nevent: entry.update\ndata: {"seq":${seq},"documentId":"d${seq}","type":"article","event":"entry.update"}\n\n`

/** A client whose fetch answers `answers` in turn and records each request's Last-Event-ID. */
function clientOf(answers: (() => Response)[]) {
  const sent: (string | null)[] = []
  const transport = createTransport({
    baseUrl: 'http://cms.test',
    headers: { 'x-api-key': 'k' },
    retry: { maxAttempts: 1 },
    fetch: async (_url, init) => {
      sent.push(new Headers(init?.headers).get('last-event-id'))
      const answer = answers.shift()
      if (!answer) throw new TypeError('no more answers')
      return answer()
    },
  })
  return { changes: changesApi(transport).changes, sent }
}

describe('the change stream iterator', () => {
  it('when the stream ends or the connection fails, then it reconnects with the last id it yielded and yields each change once', async () => {
    const { changes, sent } = clientOf([
      () => sse(`: connected\n\n${event(4)}${event(5)}`),
      () => {
        throw new TypeError('connection refused')
      },
      () => sse(event(6)),
    ])
    const seen: number[] = []
    const sleep = async () => undefined
    for await (const change of changes.stream({ since: 3 }, { sleep })) {
      seen.push(change.seq)
      if (seen.length === 3) break
    }
    expect(seen).toEqual([4, 5, 6])
    expect(sent).toEqual(['3', '5', '5'])
  })

  it('when the API refuses the stream for what it asks (410 GONE), then the iterator throws it', async () => {
    const { changes } = clientOf([
      () =>
        new Response(
          JSON.stringify({ error: { code: 'GONE', message: 'sync from scratch', details: [] } }),
          { status: 410, headers: { 'content-type': 'application/json' } },
        ),
    ])
    const iterate = async () => {
      for await (const change of changes.stream({ since: 1 }, { sleep: async () => undefined }))
        void change
    }
    await expect(iterate()).rejects.toSatisfy(
      (error: unknown) => error instanceof CmsApiError && error.code === 'GONE',
    )
  })
})
