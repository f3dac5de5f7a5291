import type { Context } from 'koa'
import { describe, expect, it } from 'vitest'
import type { AuditRecord } from '@cms/audit'
import { auditedHandlers, bodyMembers } from './audited-handlers.ts'

type Handler = (ctx: Context) => unknown

/** Just what a handler, callerRecord and writeKeyOf read of a call the gateway vouched for. */
function callOf(headers: Record<string, string> = {}): Context {
  return {
    state: { caller: { websiteId: 'w1', keyId: 'k1' }, requestId: 'r1' },
    get: (name: string) => headers[name] ?? '',
    ip: '127.0.0.1',
    method: 'PATCH',
    url: '/api/webhooks/h1',
    params: { id: 'h1' },
    request: { body: { url: 'https://example.com/hook', name: 'n' } },
    status: 404,
  } as unknown as Context
}

function audited(handler: Handler) {
  const records: AuditRecord[] = []
  const handlers = auditedHandlers(
    { updateWebhook: handler } as never,
    { append: async (record) => records.push(record) },
    {
      updateWebhook: {
        action: 'webhook.update',
        target: (ctx) => ({ kind: 'webhook', id: ctx.params.id }),
        changes: bodyMembers,
      },
    },
  ) as unknown as { updateWebhook: (ctx: Context, next: () => Promise<void>) => Promise<void> }
  return {
    records,
    call: (ctx: Context) => handlers.updateWebhook(ctx, async () => {}),
  }
}

describe('auditedHandlers', () => {
  it('when a handler makes its change, then one record follows it, naming the target and the members sent', async () => {
    const order: string[] = []
    const { records, call } = audited((ctx) => {
      order.push(`change with ${records.length} records`)
      ctx.status = 200
    })
    await call(callOf())
    expect(order).toEqual(['change with 0 records'])
    expect(records).toEqual([
      expect.objectContaining({
        chain: 'w1',
        actor: { kind: 'key', id: 'k1' },
        action: 'webhook.update',
        target: { kind: 'webhook', id: 'h1' },
        changes: ['name', 'url'],
        outcome: 'success',
        requestId: 'r1',
      }),
    ])
  })

  it('when a handler throws or answers a 4xx, then no record', async () => {
    const refused = audited(() => {
      throw new Error('refused')
    })
    await expect(refused.call(callOf())).rejects.toThrow('refused')
    const answered = audited((ctx) => {
      ctx.status = 409
    })
    await answered.call(callOf())
    expect([...refused.records, ...answered.records]).toEqual([])
  })

  it('when one request under an Idempotency-Key is handled twice, then both records have one id; without a key, each its own', async () => {
    const { records, call } = audited((ctx) => {
      ctx.status = 200
    })
    await call(callOf({ 'idempotency-key': 'k-1' }))
    await call(callOf({ 'idempotency-key': 'k-1' }))
    await call(callOf({ 'idempotency-key': 'k-2' }))
    await call(callOf())
    await call(callOf())
    const ids = records.map((record) => record.id)
    expect(ids[1]).toBe(ids[0])
    expect(new Set(ids).size).toBe(4)
  })

  it('when the body is no object, then no members are named', () => {
    const call = callOf()
    call.request.body = [1, 2]
    expect(bodyMembers(call)).toEqual([])
  })
})
