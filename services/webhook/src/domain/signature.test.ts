import { createHmac, randomBytes } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { bodySignature, deliveryHeaders, isValidStandardSecret } from './signature.ts'

const body = JSON.stringify({
  event: 'entry.create',
  document: { id: 'd1', data: { title: 'Grüße' } },
})
const base = { event: 'entry.create', deliveryId: 'msg_1', body, userAgent: 'test' }
const now = () => Math.floor(Date.now() / 1000)

describe('delivery signatures', () => {
  it('when a secret is set, then X-Webhook-Signature is the hex HMAC-SHA256 of the body bytes', () => {
    const expected = createHmac('sha256', 's3cret').update(Buffer.from(body, 'utf8')).digest('hex')
    expect(bodySignature('s3cret', body)).toBe(expected)
    const headers = deliveryHeaders({ ...base, secret: 's3cret', timestampSeconds: now() })
    expect(headers['x-webhook-signature']).toBe(expected)
  })

  it('when no secret is set, then no signature header of either kind is sent', () => {
    const headers = deliveryHeaders({ ...base, secret: null, timestampSeconds: now() })
    expect(Object.keys(headers).sort()).toEqual([
      'content-type',
      'user-agent',
      'x-webhook-event',
      'x-webhook-id',
      'x-webhook-timestamp',
    ])
  })

  it('when the secret is a plain string, then standardwebhooks verifies it given the raw secret', () => {
    const secret = 'plain secret with ünïcode'
    const headers = deliveryHeaders({ ...base, secret, timestampSeconds: now() })
    const receiver = new Webhook(Buffer.from(secret, 'utf8'), { format: 'raw' })
    expect(receiver.verify(body, headers)).toEqual(JSON.parse(body))
    expect(() =>
      new Webhook(Buffer.from('another secret'), { format: 'raw' }).verify(body, headers),
    ).toThrow()
  })

  it('when the secret is a whsec_ secret, then standardwebhooks verifies it as configured, prefix and all', () => {
    const secret = `whsec_${randomBytes(24).toString('base64')}`
    const headers = deliveryHeaders({ ...base, secret, timestampSeconds: now() })
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body))
    expect(headers['webhook-id']).toBe('msg_1')
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/)
  })

  it('when the signed timestamp is old, then standardwebhooks rejects it as a replay', () => {
    const secret = `whsec_${randomBytes(24).toString('base64')}`
    const headers = deliveryHeaders({ ...base, secret, timestampSeconds: now() - 3600 })
    expect(() => new Webhook(secret).verify(body, headers)).toThrow(/too old/)
  })

  it('when the body is changed in transit, then both signatures fail', () => {
    const secret = `whsec_${randomBytes(24).toString('base64')}`
    const headers = deliveryHeaders({ ...base, secret, timestampSeconds: now() })
    const tampered = body.replace('d1', 'd2')
    expect(() => new Webhook(secret).verify(tampered, headers)).toThrow()
    expect(bodySignature(secret, tampered)).not.toBe(headers['x-webhook-signature'])
  })

  it('when a whsec_ secret is not base64 after the prefix, then it is not a valid standard secret', () => {
    expect(isValidStandardSecret('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toBe(true)
    expect(isValidStandardSecret('whsec_not base64!')).toBe(false)
    expect(isValidStandardSecret('whsec_')).toBe(false)
  })
})
