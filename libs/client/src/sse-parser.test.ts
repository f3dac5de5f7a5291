import { describe, expect, it } from 'vitest'
import { sseMessages } from './sse-parser.ts'

async function* chunks(...parts: string[]) {
  yield* parts
}

const all = async (parts: string[]) => {
  const found = []
  for await (const message of sseMessages(chunks(...parts))) found.push(message)
  return found
}

describe('Server-Sent Events parsing', () => {
  it('when events arrive split across chunks with comments between, then each is read whole with its id and name', async () => {
    expect(
      await all([
        ': connected\n\nid: 3\nevent: entry.cre',
        'ate\ndata: {"seq":3}\n\n: heartbeat\n\n',
        'id: 4\r\ndata: a\r\ndata: b\r\n\r\n',
      ]),
    ).toEqual([
      { id: '3', event: 'entry.create', data: '{"seq":3}' },
      { id: '4', event: 'message', data: 'a\nb' },
    ])
  })

  it('when the stream ends inside an event, then that event is not handed out', async () => {
    expect(await all(['id: 5\nevent: entry.update\ndata: {}'])).toEqual([])
  })
})
