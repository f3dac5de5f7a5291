import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiCall } from '@cms/testkit'
import { launchWebhookGateway } from './webhooks-stack.ts'
import type { WebhookGateway } from './webhooks-stack.ts'

let stack: WebhookGateway
let api: ApiCall
beforeAll(async () => {
  stack = await launchWebhookGateway({ allowPrivateTargets: false })
  api = (await stack.website()).api
}, 180_000)
afterAll(async () => {
  await stack?.stop()
})

describe('the private-address guard through the gateway', () => {
  it.each([
    'http://127.0.0.1:3000/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.1.2.3/hook',
    'http://172.20.0.4/hook',
    'http://192.168.178.1/hook',
    'http://[::1]:3000/hook',
    'http://localhost:3000/hook',
  ])(
    'webhooks: private targets are refused — when a webhook targets %s, then it is refused with 422 naming the url',
    async (url) => {
      const response = await api('POST', '/api/webhooks', { body: { url } })
      expect(response.status).toBe(422)
      expect(response.body.error).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ path: 'url' }],
      })
    },
  )

  it('webhooks: private targets are refused — when a public address is given and then patched to a private one, then the patch is refused', async () => {
    const created = await api('POST', '/api/webhooks', {
      body: { url: 'https://93.184.215.14/hook' },
    })
    expect(created.status).toBe(201)
    const patched = await api('PATCH', `/api/webhooks/${created.body.id}`, {
      body: { url: 'http://169.254.169.254/' },
    })
    expect(patched.status).toBe(422)
  })
})
