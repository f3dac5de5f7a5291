/** One Server-Sent Event as the stream carried it. */
export interface SseMessage {
  id?: string
  event: string
  data: string
}

/**
 * Server-Sent Events from the chunks of a body (the WHATWG parsing rules: fields up to the
 * first colon, one optional space, comment lines start with a colon, a blank line ends an event).
 */
export async function* sseMessages(chunks: AsyncIterable<string>): AsyncGenerator<SseMessage> {
  let buffered = ''
  let id: string | undefined
  let event = ''
  let data: string[] = []
  for await (const chunk of chunks) {
    buffered += chunk
    const lines = buffered.split(/\r\n|\r|\n/)
    buffered = lines.pop() ?? ''
    for (const line of lines) {
      if (line === '') {
        if (data.length > 0)
          yield {
            ...(id !== undefined && { id }),
            event: event || 'message',
            data: data.join('\n'),
          }
        event = ''
        data = []
        continue
      }
      if (line.startsWith(':')) continue
      const colon = line.indexOf(':')
      const field = colon === -1 ? line : line.slice(0, colon)
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '')
      if (field === 'data') data.push(value)
      else if (field === 'event') event = value
      else if (field === 'id' && !value.includes('\0')) id = value
    }
  }
}

/** The text of a body, chunk by chunk. */
export async function* textChunks(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      yield decoder.decode(value, { stream: true })
    }
  } finally {
    await reader.cancel().catch(() => undefined)
  }
}
