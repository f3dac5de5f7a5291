import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { answerProblem } from '@cms/testkit'
import type { Answer } from '@cms/testkit'

const NOW = '2026-01-01T00:00:00.000Z'

const document = () => ({
  id: randomUUID(),
  type: 'article',
  slug: 'hello',
  status: 'published',
  authorId: randomUUID(),
  publishedAt: NOW,
  data: { title: 'Hello' },
  createdAt: NOW,
  updatedAt: NOW,
  version: 2,
  hasPendingDraft: false,
  scheduledPublishAt: null,
  scheduledUnpublishAt: null,
})

const answer = (method: string, path: string, status: number, body?: unknown): Answer => ({
  method,
  path,
  status,
  contentType: body === undefined ? null : 'application/json; charset=utf-8',
  text: body === undefined ? '' : JSON.stringify(body),
  body,
})

const page = (docs: unknown[]) => ({
  docs,
  totalDocs: docs.length,
  limit: 20,
  totalPages: 1,
  page: 1,
  hasNextPage: false,
  hasPrevPage: false,
  nextPage: null,
  prevPage: null,
})

describe('answers held to the OpenAPI document (the testkit check)', () => {
  it('openapi: answers match the document — when an answer drifts from its operation (a member added, missing or of another type, a status the document does not list), then the check names it; matching answers and unknown paths pass', () => {
    const id = randomUUID()
    expect(answerProblem(answer('GET', `/api/content/${id}?locale=fr`, 200, document()))).toBe(
      undefined,
    )
    expect(answerProblem(answer('GET', '/api/content?fields=title', 200, page([{ id }])))).toBe(
      undefined,
    )
    expect(answerProblem(answer('DELETE', `/api/content/${id}`, 204))).toBe(undefined)
    expect(
      answerProblem(
        answer('GET', '/api/nothing', 404, { error: { code: 'NOT_FOUND', message: 'Not found' } }),
      ),
    ).toBe(undefined)
    expect(answerProblem(answer('GET', '/healthz', 200, { status: 'ok' }))).toBe(undefined)

    const drifted = [
      answer('GET', `/api/content/${id}`, 200, { ...document(), secret: 'x' }),
      answer('GET', `/api/content/${id}`, 200, { ...document(), version: '2' }),
      answer('GET', '/api/content', 200, { ...page([document()]), totalDocs: undefined }),
      answer('POST', '/api/content', 200, document()),
      answer('DELETE', `/api/content/${id}`, 204, { ok: true }),
      answer('GET', '/api/webhooks', 200, {
        docs: [
          {
            id,
            name: 'w',
            url: 'https://example.com',
            events: ['entry.create'],
            contentTypes: null,
            secret: 'leaked',
            createdAt: NOW,
            updatedAt: NOW,
          },
        ],
      }),
      answer('GET', `/api/content/${id}`, 422, { error: { code: 'VALIDATION_ERROR', msg: 'x' } }),
      answer('GET', '/admin/api/websites', 200, { docs: [{ id, name: 'w' }] }),
    ]
    for (const wrong of drifted) expect(answerProblem(wrong), wrong.text).toMatch(/./)
  })

  it('openapi: answers match the document — the cost of the check per answer (printed) stays small enough to run on every call of the suite', () => {
    const list = answer('GET', '/api/content', 200, page(Array.from({ length: 20 }, document)))
    const one = answer('GET', `/api/content/${randomUUID()}`, 200, document())
    answerProblem(list)
    answerProblem(one)
    const rounds = 2000
    const started = performance.now()
    for (let i = 0; i < rounds; i++) {
      answerProblem(list)
      answerProblem(one)
    }
    const perAnswer = (performance.now() - started) / (2 * rounds)
    console.log(
      `[openapi] check: ${perAnswer.toFixed(4)} ms per answer (a page of 20 and one document)`,
    )
    expect(perAnswer).toBeLessThan(1)
  })
})
