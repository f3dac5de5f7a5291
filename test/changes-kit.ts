import { testEnv, waitFor } from '@cms/testkit'

/** An event of `/api/changes` as the wire carried it. */
export interface WireEvent {
  id: string
  event: string
  data: { seq: number; documentId: string; type: string; event: string; deleted?: true }
}

export interface OpenStream {
  status: 200
  contentType: string | null
  /** Every byte received so far, as text. */
  text(): string
  events(): WireEvent[]
  /** Waits until `count` events arrived (10 s). */
  waitForEvents(count: number): Promise<WireEvent[]>
  close(): void
}

export interface RefusedStream {
  status: number
  body: { error: { code: string; message: string; details: unknown[] } }
}

function eventsOf(text: string): WireEvent[] {
  return text
    .split('\n\n')
    .slice(0, -1)
    .map((block) => {
      const fields = Object.fromEntries(
        block
          .split('\n')
          .filter((line) => !line.startsWith(':'))
          .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
      ) as Record<string, string>
      return fields
    })
    .filter((fields) => fields.data !== undefined)
    .map((fields) => ({ id: fields.id!, event: fields.event!, data: JSON.parse(fields.data!) }))
}

/** Opens `GET /api/changes` with `key` and reads it in the background until closed. */
export async function openChangeStream(
  key: string,
  options: { query?: string; lastEventId?: string; gatewayUrl?: string } = {},
): Promise<OpenStream | RefusedStream> {
  const abort = new AbortController()
  const url = `${options.gatewayUrl ?? testEnv().gatewayUrl}/api/changes${options.query ?? ''}`
  const response = await fetch(url, {
    headers: {
      'x-api-key': key,
      accept: 'text/event-stream',
      ...(options.lastEventId !== undefined && { 'last-event-id': options.lastEventId }),
    },
    signal: abort.signal,
  })
  if (response.status !== 200)
    return { status: response.status, body: (await response.json()) as RefusedStream['body'] }
  let received = ''
  void (async () => {
    const decoder = new TextDecoder()
    for await (const chunk of response.body!) received += decoder.decode(chunk, { stream: true })
  })().catch(() => undefined)
  const events = () => eventsOf(received)
  return {
    status: 200,
    contentType: response.headers.get('content-type'),
    text: () => received,
    events,
    waitForEvents: (count) =>
      waitFor(() => (events().length >= count ? events() : undefined), {
        what: `${count} change events (got ${events().length})`,
      }),
    close: () => abort.abort(),
  }
}

/** The stream, or the test fails with what the gateway answered. */
export async function opened(stream: Promise<OpenStream | RefusedStream>): Promise<OpenStream> {
  const settled = await stream
  if (settled.status !== 200)
    throw new Error(`the change stream was refused: ${JSON.stringify(settled)}`)
  return settled as OpenStream
}
