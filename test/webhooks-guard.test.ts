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

describe('the address guard: IPv6 forms that embed IPv4, and cloud metadata addresses', () => {
  it.each([
    ['http://[::127.0.0.1]/hook', /^the address is loopback \(IPv4 in a IPv4-compatible address\)/],
    [
      'http://[::ffff:127.0.0.1]/hook',
      /^the address is loopback \(IPv4 in a IPv4-mapped address\)/,
    ],
    [
      'http://[::ffff:0:a00:1]/hook',
      /^the address is private \(IPv4 in a IPv4-translated address\)/,
    ],
    ['http://[2002:7f00:1::1]/hook', /^the address is loopback \(IPv4 in a 6to4 address\)/],
    [
      'http://[2002:a9fe:a9fe::1]/hook',
      /^the address is cloud metadata \(IPv4 in a 6to4 address\)/,
    ],
    [
      'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hook',
      /^the address is loopback \(IPv4 in a Teredo address\)/,
    ],
    [
      'http://[64:ff9b::a9fe:a9fe]/hook',
      /^the address is cloud metadata \(IPv4 in a NAT64 address\)/,
    ],
    ['http://[64:ff9b:1::a00:1]/hook', /^the address is local-use NAT64/],
    ['http://169.254.169.254/latest/meta-data/', /^the address is cloud metadata/],
    ['http://[fd00:ec2::254]/latest/meta-data/', /^the address is cloud metadata/],
    ['http://168.63.129.16/machine', /^the address is cloud metadata/],
    ['http://100.100.100.200/latest/meta-data/', /^the address is cloud metadata/],
    ['http://192.0.0.192/opc/v2/', /^the address is cloud metadata/],
  ])(
    'when a webhook targets %s, then 422 names the rule and never the address',
    async (url, rule) => {
      const response = await api('POST', '/api/webhooks', { body: { url } })
      expect(response.status, response.text).toBe(422)
      expect(response.body.error.code).toBe('VALIDATION_ERROR')
      const message = response.body.error.details[0].message as string
      expect(message).toMatch(rule)
      const host = new URL(url).hostname.replace(/^\[|\]$/g, '')
      expect(response.text).not.toContain(host)
    },
  )

  it('when a host name resolves to a loopback address, then the refusal says so without the address', async () => {
    const response = await api('POST', '/api/webhooks', { body: { url: 'http://localhost:3000/' } })
    expect(response.status, response.text).toBe(422)
    expect(response.body.error.details[0].message).toMatch(
      /^the host resolves to a loopback address/,
    )
    expect(response.text).not.toMatch(/127\.0\.0\.1|::1\b/)
  })

  it('when an IPv6 form embeds a public IPv4 address, then it is judged by that address and allowed', async () => {
    const response = await api('POST', '/api/webhooks', {
      body: { url: 'http://[2002:5db8:d70e::1]/hook', contentTypes: ['never-written'] },
    })
    expect(response.status, response.text).toBe(201)
  })
})
