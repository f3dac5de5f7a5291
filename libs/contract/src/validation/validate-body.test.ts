import { Type } from '@sinclair/typebox'
import { describe, expect, it } from 'vitest'
import { ValidationError } from '@cms/errors'
import { ApiKeyCreateBody, WebsiteBody } from '../schemas/requests/admin.ts'
import { ContentCreateBody, MediaPatchBody } from '../schemas/requests/content.ts'
import { ContentTypeCreateBody } from '../schemas/requests/content-types.ts'
import { LocaleListBody } from '../schemas/requests/locales.ts'
import { WebhookCreateBody } from '../schemas/requests/webhooks.ts'
import { bodyProblems, validateBody } from './validate-body.ts'

describe('validateBody: the error details', () => {
  it('when members are nested in arrays, then paths use dots for members and [i] for indexes', () => {
    const problems = bodyProblems(ContentTypeCreateBody, {
      name: 'article',
      fields: [
        { name: 'title', type: 'text' },
        { name: 'body', type: 'nope' },
      ],
    })
    expect(problems).toEqual([{ path: 'fields[1].type', message: expect.any(String) }])
    expect(
      bodyProblems(WebhookCreateBody, { url: 'https://x.test', events: ['entry.nope'] }),
    ).toEqual([{ path: 'events[0]', message: expect.stringContaining('entry.create') }])
  })

  it('when a member is not accepted, then the detail names it and lists the allowed members', () => {
    expect(bodyProblems(ContentCreateBody, { type: 'a', data: {}, extra: 1 })).toEqual([
      { path: 'extra', message: 'is not accepted here (allowed: type, data, slug)' },
    ])
  })

  it('when a member name is not an identifier, then the path quotes it', () => {
    expect(bodyProblems(WebsiteBody, { name: 'x', 'odd key': 1 })[0]?.path).toBe('["odd key"]')
    const nested = bodyProblems(LocaleListBody, { locales: [{ code: 'en', 'a.b': 1 }] })
    expect(nested[0]?.path).toBe('locales[0]["a.b"]')
  })

  it('when a member named like an index is in an object, then it is a member, not an index', () => {
    const schema = Type.Object({ m: Type.Record(Type.String(), Type.String()) })
    expect(bodyProblems(schema, { m: { 0: 1 } })[0]?.path).toBe('m["0"]')
  })

  it('when a value has the wrong type, then the message names the expected type', () => {
    expect(bodyProblems(ContentCreateBody, { type: 'a', data: [] })).toEqual([
      { path: 'data', message: 'must be an object' },
    ])
    expect(bodyProblems(WebhookCreateBody, { url: 5 })).toEqual([
      { path: 'url', message: 'must be a string' },
    ])
    expect(bodyProblems(ApiKeyCreateBody, { scope: 'read', rateLimit: { perDay: 1.5 } })).toEqual([
      { path: 'rateLimit.perDay', message: 'must be an integer' },
    ])
  })

  it('when a nullable value has another type, then the message says the type or null', () => {
    expect(bodyProblems(MediaPatchBody, { alt: 3 })).toEqual([
      { path: 'alt', message: 'must be a string or null' },
    ])
    expect(bodyProblems(ApiKeyCreateBody, { scope: 'read', rateLimit: 'fast' })).toEqual([
      { path: 'rateLimit', message: 'must be an object or null' },
    ])
  })

  it('when a value is not in an enum, then the message lists the allowed values', () => {
    expect(bodyProblems(ApiKeyCreateBody, { scope: 'root' })).toEqual([
      { path: 'scope', message: 'must be one of: read, admin' },
    ])
  })

  it('when required members are missing, then each is named with "is required"', () => {
    expect(bodyProblems(ContentCreateBody, {})).toEqual([
      { path: 'type', message: 'is required' },
      { path: 'data', message: 'is required' },
    ])
    expect(bodyProblems(LocaleListBody, { locales: [{}] })).toEqual([
      { path: 'locales[0].code', message: 'is required' },
    ])
  })

  it('when lengths, bounds and patterns fail, then the messages say the limit', () => {
    expect(bodyProblems(WebsiteBody, { name: 'x'.repeat(101) })).toEqual([
      { path: 'name', message: 'must be at most 100 characters' },
    ])
    expect(bodyProblems(WebsiteBody, { name: '  ' })).toEqual([
      {
        path: 'name',
        message: 'must not be empty',
      },
    ])
    expect(bodyProblems(WebsiteBody, { name: 'a\u0000b' })[0]?.path).toBe('name')
    expect(bodyProblems(WebsiteBody, { name: 'a\uD800b' })[0]?.path).toBe('name')
    expect(bodyProblems(ApiKeyCreateBody, { scope: 'read', rateLimit: { perMinute: 0 } })).toEqual([
      { path: 'rateLimit.perMinute', message: 'must be at least 1' },
    ])
    expect(bodyProblems(WebhookCreateBody, { url: 'https://x.test', events: [] })).toEqual([
      { path: 'events', message: 'must have at least 1 item' },
    ])
    expect(
      bodyProblems(WebhookCreateBody, {
        url: 'https://x.test',
        events: ['entry.create', 'entry.create'],
      }),
    ).toEqual([{ path: 'events', message: 'must not repeat an item (items 0 and 1 are the same)' }])
  })

  it('when text is long in UTF-16 but not in code points, then limits count code points', () => {
    expect(bodyProblems(ContentTypeCreateBody, { name: 'a', label: '😀'.repeat(200) })).toEqual([])
    expect(bodyProblems(ContentTypeCreateBody, { name: 'a', label: '😀'.repeat(201) })).toEqual([
      { path: 'label', message: 'must be at most 200 characters' },
    ])
  })

  it('when a description has line breaks and tabs, then they are kept; other control characters are not', () => {
    const ok = { name: 'a', description: 'line\nbreak\ttab\r\n' }
    expect(bodyProblems(ContentTypeCreateBody, ok)).toEqual([])
    expect(bodyProblems(ContentTypeCreateBody, { name: 'a', description: 'bell\u0007' })).toEqual([
      { path: 'description', message: 'must not contain control characters' },
    ])
    expect(bodyProblems(ContentTypeCreateBody, { name: 'a', label: 'line\nbreak' })).toEqual([
      { path: 'label', message: 'must not contain control characters' },
    ])
  })

  it('when the body is not an object, then one detail at the root says so', () => {
    expect(bodyProblems(ContentCreateBody, [1])).toEqual([
      { path: '', message: 'must be an object' },
    ])
    expect(bodyProblems(ContentCreateBody, null)).toEqual([
      { path: '', message: 'must be an object' },
    ])
  })

  it('when a body has several problems, then every one is listed', () => {
    const problems = bodyProblems(ContentTypeCreateBody, {
      name: 'Bad Name',
      label: 7,
      fields: [{ type: 'text' }, { name: 'x', type: 'text', colour: 'red' }],
    })
    expect(problems.map((problem) => problem.path)).toEqual([
      'name',
      'label',
      'fields[0].name',
      'fields[1].colour',
    ])
  })

  it('when a body carries __proto__ or constructor members, then they are refused, not followed', () => {
    const body = JSON.parse('{"type":"a","data":{},"__proto__":{"x":1},"constructor":1}')
    expect(bodyProblems(ContentCreateBody, body).map((problem) => problem.path)).toEqual([
      '__proto__',
      'constructor',
    ])
  })

  it('when the body is invalid, then validateBody throws one ValidationError with every detail', () => {
    let thrown: unknown
    try {
      validateBody(ContentCreateBody, { type: 1 }, 'The document is invalid')
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(ValidationError)
    expect(thrown).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'The document is invalid',
      details: [
        { path: 'data', message: 'is required' },
        { path: 'type', message: 'must be a string' },
      ],
    })
  })

  it('when the body is valid, then validateBody returns it unchanged', () => {
    const body = { type: 'article', data: { title: 'x' }, slug: 'hello-world' }
    expect(validateBody(ContentCreateBody, body)).toBe(body)
  })
})
