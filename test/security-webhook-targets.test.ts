import { lookup } from 'node:dns/promises'
import { hostname } from 'node:os'
import { MongoClient } from 'mongodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEnv, waitFor } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'
import { addressRange } from '../services/webhook/src/domain/address-policy.ts'
import { startReceiver } from '../services/webhook/test/support/receiver.ts'
import type { Receiver } from '../services/webhook/test/support/receiver.ts'
import { launchWebhookGateway } from './webhooks-stack.ts'
import type { WebhookGateway } from './webhooks-stack.ts'

/**
 * Server-side request forgery through webhook URLs, with the private-address guard on (a
 * gateway and webhook service of our own without WEBHOOK_ALLOW_PRIVATE_TARGETS): loopback,
 * metadata, private and other non-public targets in every spelling are refused on create and
 * PATCH, host names that resolve to them too, and a target that turns private after it was
 * stored is refused again at delivery time, with nothing sent to it.
 */
let stack: WebhookGateway
let api: ApiCall
let receiver: Receiver

beforeAll(async () => {
  stack = await launchWebhookGateway({ allowPrivateTargets: false })
  api = (await stack.website()).api
  receiver = await startReceiver()
}, 180_000)

afterAll(async () => {
  await receiver?.close()
  await stack?.stop()
})

/** Public, so the guard admits it; the tests make sure nothing is ever sent there. */
const PUBLIC_TARGET = 'https://93.184.215.14/hook'

const REFUSED_TARGETS = [
  // loopback in the spellings URL parsers accept
  'http://127.0.0.1/',
  'http://127.0.0.1:8080/hook',
  'http://127.1/',
  'http://2130706433/',
  'http://0x7f000001/',
  'http://0177.0.0.1/',
  'http://127.000.000.001/',
  'http://[::1]/',
  'http://[0:0:0:0:0:0:0:1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://0.0.0.0/',
  'http://0/',
  'http://[::]/',
  // cloud metadata endpoints
  'http://169.254.169.254/latest/meta-data/',
  'http://[::ffff:169.254.169.254]/',
  'http://[::ffff:a9fe:a9fe]/',
  'http://2852039166/',
  'http://100.100.100.200/latest/meta-data/',
  'http://[fd00:ec2::254]/latest/meta-data/',
  'http://169.254.170.2/v2/credentials',
  // private, shared and special ranges
  'http://10.0.0.1/',
  'http://172.16.0.1/',
  'http://172.31.255.255/',
  'http://192.168.0.1/',
  'http://100.64.0.1/',
  'http://192.0.0.8/',
  'http://198.18.0.1/',
  'http://224.0.0.1/',
  'http://255.255.255.255/',
  'http://[fc00::1]/',
  'http://[fe80::1]/',
  'http://[ff02::1]/',
  'http://[64:ff9b::a9fe:a9fe]/',
  'http://[2002:7f00:1::]/',
  // tricks around the host part
  'http://user:pass@127.0.0.1/',
  'http://127.0.0.1#@192.0.2.1/',
  'http://127.0.0.1%2f@192.0.2.1/',
  'https://127.0.0.1:443/',
  // host names that resolve to loopback
  'http://localhost/',
  'http://LOCALHOST:3000/',
  'http://localhost./',
]

describe('the private-address guard on webhook targets', () => {
  it.each(REFUSED_TARGETS)(
    'when a webhook is created for %s, then 422 naming the url',
    async (url) => {
      const response = await api('POST', '/api/webhooks', { body: { url } })
      expect(response.status, response.text).toBe(422)
      expect(response.body.error).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: expect.arrayContaining([expect.objectContaining({ path: 'url' })]),
      })
    },
  )

  it('when this machine has host names that resolve to non-public addresses, then those are refused too', async () => {
    const candidates = [hostname(), 'localhost']
    let tried = 0
    for (const name of candidates) {
      const addresses = await lookup(name, { all: true }).catch(() => [])
      if (addresses.length === 0 || addresses.every((a) => addressRange(a.address) === 'unicast'))
        continue
      tried++
      const response = await api('POST', '/api/webhooks', {
        body: { url: `http://${name}:${new URL(receiver.url).port}/` },
      })
      expect(response.status, `${name}: ${response.text}`).toBe(422)
      expect(response.body.error.details[0].message).toMatch(/resolves to/)
    }
    expect(tried).toBeGreaterThan(0)
  })

  it('when a public target is patched to any refused one, then 422 and the stored url stays', async () => {
    // A public address (example.com's); the type filter means no event is ever sent to it.
    const created = await api('POST', '/api/webhooks', {
      body: { url: PUBLIC_TARGET, contentTypes: ['never-written'] },
    })
    expect(created.status, created.text).toBe(201)
    for (const url of ['http://127.0.0.1/', 'http://[::ffff:a9fe:a9fe]/', 'http://localhost/']) {
      const patched = await api('PATCH', `/api/webhooks/${created.body.id}`, { body: { url } })
      expect(patched.status, url).toBe(422)
    }
    const stored = await api('GET', `/api/webhooks/${created.body.id}`)
    expect(stored.body.url).toBe(PUBLIC_TARGET)
  })

  it('when none of those attempts got through, then the receiver on 127.0.0.1 heard nothing', () => {
    expect(receiver.requests).toEqual([])
  })
})

describe('the guard at delivery time', () => {
  it('webhooks: private targets are refused — when a stored target turns private (rebinding, a changed record), then the attempt is refused and nothing is sent', async () => {
    const created = await api('POST', '/api/webhooks', {
      body: { url: PUBLIC_TARGET, events: ['entry.create'] },
    })
    expect(created.status, created.text).toBe(201)
    // What DNS rebinding would do: the host the webhook names now points at the receiver,
    // before any event went to the public address.
    await rewriteStoredUrl(created.body.id, `${receiver.url}/rebound`)

    const document = await api('POST', '/api/content', {
      body: { type: 'article', data: { title: 'Rebinding' } },
    })
    expect(document.status, document.text).toBe(201)
    const entry = await waitFor(
      async () => {
        const log = await api('GET', `/api/webhooks/${created.body.id}/deliveries`)
        const first = log.body.docs?.[0]
        return first && first.attempts >= 1 ? first : undefined
      },
      { timeoutMs: 20_000, what: 'the first delivery attempt' },
    )
    expect(entry.lastError).toMatch(/target refused/)
    expect(entry.lastStatusCode ?? null).toBeNull()
    expect(receiver.requests).toEqual([])
  }, 60_000)
})

/** The gateway's own webhook database is named after its queue prefix (webhooks-stack.ts). */
async function rewriteStoredUrl(webhookId: string, url: string): Promise<void> {
  const suffix = stack.queuePrefix.replace(/^webhook-e2e-/, '')
  const mongo = new MongoClient(testEnv().mongoUrl)
  try {
    const result = await mongo
      .db(`cms_webhook_e2e_${suffix}`)
      .collection<{ _id: string; url: string }>('webhooks')
      .updateOne({ _id: webhookId }, { $set: { url } })
    expect(result.matchedCount, 'the webhook is stored where webhooks-stack.ts puts it').toBe(1)
  } finally {
    await mongo.close()
  }
}
