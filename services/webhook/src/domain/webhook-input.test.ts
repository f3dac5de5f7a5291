import { describe, expect, it } from 'vitest'
import { ValidationError } from '@cms/errors'
import { parseCreateInput, parsePatchInput } from './webhook-input.ts'

function problems(parse: () => unknown): Array<{ path: string; message: string }> {
  try {
    parse()
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError)
    return [...((error as ValidationError).details ?? [])]
  }
  throw new Error('expected a validation error')
}

describe('webhook input', () => {
  it('when a full webhook is sent, then it is accepted as is', () => {
    const body = {
      name: 'Build',
      url: 'https://hooks.example.com/build',
      secret: 's3cret',
      events: ['entry.publish'],
      contentTypes: ['article'],
    }
    expect(parseCreateInput(body)).toEqual(body)
  })

  it('when the url is missing or not http(s), then each problem is named', () => {
    expect(problems(() => parseCreateInput({ name: 'x' }))).toEqual([
      { path: 'url', message: 'is required' },
    ])
    expect(problems(() => parseCreateInput({ url: 'ftp://example.com/x' }))).toEqual([
      { path: 'url', message: 'must use http or https' },
    ])
    expect(problems(() => parseCreateInput({ url: 'not a url' }))[0]!.path).toBe('url')
  })

  it('when events, contentTypes and an unknown member are wrong, then all are reported at once', () => {
    const found = problems(() =>
      parseCreateInput({
        url: 'https://example.com',
        events: ['entry.create', 'entry.archive'],
        contentTypes: ['Bad Name'],
        extra: 1,
      }),
    )
    expect(found.map((problem) => problem.path).sort()).toEqual([
      'contentTypes[0]',
      'events[1]',
      'extra',
    ])
  })

  it('when events or contentTypes are empty arrays, then they are refused', () => {
    const found = problems(() =>
      parseCreateInput({ url: 'https://example.com', events: [], contentTypes: [] }),
    )
    expect(found.map((problem) => problem.path).sort()).toEqual(['contentTypes', 'events'])
  })

  it('when a whsec_ secret is not base64, then it is refused', () => {
    expect(
      problems(() => parseCreateInput({ url: 'https://example.com', secret: 'whsec_!!' }))[0]!.path,
    ).toBe('secret')
  })

  it('when a patch sends nulls for secret and contentTypes, then they are accepted', () => {
    expect(parsePatchInput({ secret: null, contentTypes: null })).toEqual({
      secret: null,
      contentTypes: null,
    })
  })

  it('when a patch sends null for a member that cannot be null, then it is refused', () => {
    expect(
      problems(() => parsePatchInput({ url: null, events: null }))
        .map((p) => p.path)
        .sort(),
    ).toEqual(['events', 'url'])
  })

  it('when the body is not an object, then it is refused', () => {
    expect(problems(() => parseCreateInput([]))).toHaveLength(1)
    expect(problems(() => parsePatchInput('x'))).toHaveLength(1)
  })
})
