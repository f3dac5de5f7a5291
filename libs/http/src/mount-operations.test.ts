import { createServer } from 'node:http'
import type { AddressInfo, Server } from 'node:net'
import { Router } from '@koa/router'
import { Type } from '@sinclair/typebox'
import Koa from 'koa'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OperationIo } from '@cms/contract'
import { createLogger } from '@cms/logger'
import { errorHandler } from './error-handler.ts'
import { jsonBody } from './json-body.ts'
import { mountEndpoints } from './mount-operations.ts'

const TABLE = {
  makeThing: { method: 'POST', path: '/things' },
  renameThing: { method: 'PATCH', path: '/things/:id' },
  pingThing: { method: 'POST', path: '/things/:id/ping' },
  patchLater: { method: 'PUT', path: '/things/:id' },
  listThings: { method: 'GET', path: '/things' },
  readThing: { method: 'GET', path: '/things/:id' },
  listLater: { method: 'GET', path: '/later' },
} as const

const Thing = Type.Object({ name: Type.String({ minLength: 1 }) }, { additionalProperties: false })
const Ping = Type.Object({ times: Type.Optional(Type.Integer()) }, { additionalProperties: false })
const YES_NO = 'full must be true or false'
const ListQuery = Type.Object({
  full: Type.Optional(
    Type.String({ enum: ['true', 'false'], 'x-message': { type: YES_NO, enum: YES_NO } }),
  ),
  size: Type.Optional(Type.String({ pattern: '^[1-9]$' })),
  where: Type.Optional(Type.Record(Type.String(), Type.String())),
})
const ThingParams = Type.Object({ id: Type.String({ pattern: '^[0-9]+$' }) })

const IO = {
  makeThing: { input: { body: Thing, invalid: 'The thing is invalid' }, answer: { 201: null } },
  renameThing: { input: { body: Thing }, answer: { 200: null } },
  pingThing: { input: { body: Ping, bodyRequired: false }, answer: { 200: null } },
  patchLater: { input: { body: Thing }, answer: { 200: null } },
  listThings: { input: { query: ListQuery }, answer: { 200: null } },
  readThing: {
    input: {
      params: ThingParams,
      notFound: 'No thing {id}',
      query: ListQuery,
      queryInvalid: 'Bad',
    },
    answer: { 200: null },
  },
  listLater: { input: { query: ListQuery }, answer: { 200: null } },
} as const satisfies Record<keyof typeof TABLE, OperationIo>

let server: Server
let base: string
const seen: unknown[] = []

beforeAll(async () => {
  const app = new Koa()
  app.use(errorHandler(createLogger({ service: 'mount-test', level: 'silent' })))
  const router = mountEndpoints(
    new Router(),
    TABLE,
    {
      makeThing: (ctx) => {
        seen.push(ctx.state.input.body.name)
        ctx.status = 201
      },
      renameThing: (ctx) => {
        ctx.body = ctx.state.input.body
      },
      pingThing: (ctx) => {
        ctx.body = { sent: ctx.state.input.body ?? 'nothing' }
      },
      patchLater: (ctx) => {
        ctx.body = { raw: ctx.request.body ?? 'not parsed' }
      },
      listThings: (ctx) => {
        const { full, where } = ctx.state.input.query
        ctx.body = { full: full === 'true', where: where ?? null }
      },
      readThing: (ctx) => {
        seen.push(ctx.state.input.params.id)
        ctx.body = { id: ctx.state.input.params.id }
      },
      listLater: (ctx) => {
        ctx.body = { input: ctx.state.input ?? 'none', query: ctx.querystring }
      },
    },
    {
      io: IO,
      parseBody: jsonBody(),
      bodyChecks: {
        renameThing: (body) =>
          (body as { name?: unknown }).name === 'taken'
            ? [{ path: 'name', message: 'is taken' }]
            : [],
      },
      checkedLater: ['patchLater', 'listLater'],
    },
  )
  app.use(router.routes())
  server = createServer(app.callback())
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const send = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${base}${path}`, {
    method,
    ...(body !== undefined && {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  })
  return { status: response.status, body: (await response.json().catch(() => null)) as unknown }
}

describe('mountEndpoints checks the body the contract declares', () => {
  it('when a body breaks the schema, then the answer is one 422 with the contract message and every problem, and the handler does not run', async () => {
    const answer = await send('POST', '/things', { name: '', colour: 'red' })
    expect(answer).toEqual({
      status: 422,
      body: {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'The thing is invalid',
          details: [
            { path: 'colour', message: 'is not accepted here (allowed: name)' },
            { path: 'name', message: 'must not be empty' },
          ],
        },
      },
    })
    expect(seen).toEqual([])
  })

  it('when a body is valid, then the handler reads it typed from ctx.state.input', async () => {
    expect((await send('POST', '/things', { name: 'lamp' })).status).toBe(201)
    expect(seen).toEqual(['lamp'])
  })

  it("when a service adds a check, then its problems follow the schema's in the same 422, under the default message", async () => {
    const answer = await send('PATCH', '/things/1', { name: 'taken', size: 1 })
    expect(answer.body).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: 'The request body is invalid',
        details: [
          { path: 'size', message: 'is not accepted here (allowed: name)' },
          { path: 'name', message: 'is taken' },
        ],
      },
    })
  })

  it('when a body may be left out, then no body reaches the handler as none and a bad one is still refused', async () => {
    expect(await send('POST', '/things/1/ping')).toEqual({
      status: 200,
      body: { sent: 'nothing' },
    })
    expect((await send('POST', '/things/1/ping', { times: 'x' })).status).toBe(422)
  })

  it('when an endpoint is checked later, then the mount neither parses nor checks its body (its handler does)', async () => {
    expect(await send('PUT', '/things/1', { other: true })).toEqual({
      status: 200,
      body: { raw: 'not parsed' },
    })
  })
})

describe('mountEndpoints checks the query and the path the contract declares', () => {
  it('when a query is as the schema says, then the handler reads it as qs parses it (bracket forms are objects)', async () => {
    expect(await send('GET', '/things?full=true&where[name]=lamp&other=1')).toEqual({
      status: 200,
      body: { full: true, where: { name: 'lamp' } },
    })
  })

  it("when a query has one problem, then the 422 has that problem's own message (the schema's, by keyword); with several, the default message lists every one", async () => {
    for (const query of ['full=yes', 'full', 'full=true&full=false']) {
      expect(await send('GET', `/things?${query}`), query).toEqual({
        status: 422,
        body: {
          error: {
            code: 'VALIDATION_ERROR',
            message: YES_NO,
            details: [{ path: 'full', message: YES_NO }],
          },
        },
      })
    }
    const several = await send('GET', '/things?full=1&size=10&where=x')
    expect(several.body).toMatchObject({
      error: { message: 'Invalid query parameters' },
    })
    expect(
      (several.body as { error: { details: { path: string }[] } }).error.details.map(
        (detail) => detail.path,
      ),
    ).toEqual(['full', 'size', 'where'])
  })

  it("when an operation names the query's message, then a lone problem is reported under it", async () => {
    expect((await send('GET', '/things/1?size=0')).body).toMatchObject({
      error: { message: 'Bad', details: [{ path: 'size', message: 'must match ^[1-9]$' }] },
    })
  })

  it('when a query is past the limits or names __proto__, then 422 before the handler (the parser of every query)', async () => {
    const many = Array.from({ length: 1001 }, (_, i) => `w${i}=1`).join('&')
    expect((await send('GET', `/things?${many}`)).body).toMatchObject({
      error: { details: [{ path: '', message: 'at most 1000 query parameters are allowed' }] },
    })
    const proto = await send('GET', '/things?where[__proto__]=1')
    expect(proto).toMatchObject({
      status: 422,
      body: { error: { details: [{ path: 'where[__proto__]' }] } },
    })
  })

  it('when a path parameter does not fit its shape, then 404 with the contract message naming it, checked after the query, and the handler does not run', async () => {
    seen.length = 0
    expect(await send('GET', '/things/abc')).toEqual({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'No thing abc' } },
    })
    expect((await send('GET', '/things/abc?full=no')).status).toBe(422)
    expect(seen).toEqual([])
    expect(await send('GET', '/things/42')).toEqual({ status: 200, body: { id: '42' } })
    expect(seen).toEqual(['42'])
  })

  it('when an endpoint is checked later, then the mount neither parses nor checks its query', async () => {
    expect(await send('GET', '/later?full=maybe&x[y]=1')).toEqual({
      status: 200,
      body: { input: 'none', query: 'full=maybe&x[y]=1' },
    })
  })
})
