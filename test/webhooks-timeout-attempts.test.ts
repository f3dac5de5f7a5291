import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RUNTIMES } from '@cms/stack'
import { waitFor } from '@cms/testkit'
import { startReceiver } from '../services/webhook/test/support/receiver.ts'
import type { Answer, Receiver } from '../services/webhook/test/support/receiver.ts'
import { launchWebhookGateway } from './webhooks-stack.ts'
import type { WebhookGateway } from './webhooks-stack.ts'

// The 10 s time-out and the receiver's 15 s answer of the finding, scaled down: the late answer
// comes after the time-out and after the retry (1 s later) has been answered.
const TIMEOUT_MS = 1000
const LATE_ANSWER_MS = 4000

describe.each(RUNTIMES)('a timed-out attempt on %s', (runtime) => {
  let stack: WebhookGateway
  let receiver: Receiver
  beforeAll(async () => {
    const late: Answer = (response) =>
      new Promise<void>((resolve) =>
        setTimeout(() => {
          if (!response.destroyed) response.end('late')
          resolve()
        }, LATE_ANSWER_MS),
      )
    // Request 0 is a ping that leaves an idle keep-alive connection; request 1, the document's
    // first attempt, can go out on it (where Deno's node:http re-sent a timed-out request).
    receiver = await startReceiver((index) => (index === 1 ? late : 200), {
      keepAliveTimeoutMs: 60_000,
    })
    stack = await launchWebhookGateway({
      allowPrivateTargets: true,
      webhookRuntime: runtime,
      webhookEnv: { WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) },
    })
  }, 180_000)
  afterAll(async () => {
    await stack?.stop()
    await receiver?.close()
  })

  it(`webhooks: a 10 s time-out is a failure; webhooks: the delivery log — when the webhook service runs on ${runtime} and the receiver answers the first attempt only after the time-out, then the retry succeeds and the log counts two attempts`, async () => {
    const { api } = await stack.website()
    const hook = await api('POST', '/api/webhooks', {
      body: { url: receiver.url, events: ['entry.create'] },
    })
    expect(hook.status).toBe(201)
    const ping = await api('POST', `/api/webhooks/${hook.body.id}/test`)
    expect(ping.status).toBe(202)
    await receiver.waitForRequests(1, 20_000)
    const created = await api('POST', '/api/content', {
      body: { type: 'article', data: { title: `Late on ${runtime}` } },
    })
    expect(created.status).toBe(201)

    const entry = await waitFor(
      async () => {
        const log = await api('GET', `/api/webhooks/${hook.body.id}/deliveries`)
        const found = log.body.docs?.find((d: { event: string }) => d.event === 'entry.create')
        return found?.status === 'succeeded' ? found : undefined
      },
      { timeoutMs: 15_000, what: 'a succeeded delivery' },
    )
    expect(entry).toMatchObject({ documentId: created.body.id, attempts: 2, lastStatusCode: 200 })
    // After the late answer has come and gone, the log still says the same.
    await new Promise((resolve) => setTimeout(resolve, LATE_ANSWER_MS))
    const detail = await api('GET', `/api/webhooks/${hook.body.id}/deliveries/${entry.id}`)
    expect(detail.status).toBe(200)
    expect(detail.body).toMatchObject({ status: 'succeeded', attempts: 2, lastStatusCode: 200 })
    expect(detail.body.attemptLog).toHaveLength(2)
    expect(detail.body.attemptLog[0]).toMatchObject({
      attempt: 1,
      succeeded: false,
      statusCode: null,
    })
    expect(detail.body.attemptLog[0].error).toMatch(/time/i)
    expect(detail.body.attemptLog[1]).toMatchObject({
      attempt: 2,
      succeeded: true,
      statusCode: 200,
    })
    const sent = receiver.requests.filter((r) => r.headers['x-webhook-id'] === entry.id)
    expect(sent).toHaveLength(2)
  }, 60_000)
})
