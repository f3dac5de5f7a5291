import { describe, expect, it } from 'vitest'
import { parseTransform, resolvedTransform } from './transform-params.ts'

const SIZES = [1, 10, 400, 4096]
const parse = (query: string) => parseTransform(query, SIZES)

const problemsOf = (query: string) => {
  try {
    parse(query)
    return []
  } catch (error) {
    return (error as { details: { path: string }[] }).details.map((detail) => detail.path)
  }
}

describe('image transform parameters', () => {
  it('when no parameter is given, then the original is meant', () => {
    expect(parse('')).toBeUndefined()
  })

  it('when sides are out of 1..4096 or not among the sizes, then each is named', () => {
    expect(problemsOf('w=0')).toEqual(['w'])
    expect(problemsOf('w=99999&h=-1')).toEqual(['w', 'h'])
    expect(problemsOf('w=4096&h=1')).toEqual([])
    expect(problemsOf('w=401&h=11')).toEqual(['w', 'h'])
    expect(problemsOf('w=10&h=400')).toEqual([])
  })

  it('when a format, fit, quality or parameter is unknown or repeated, then 422 names it', () => {
    expect(problemsOf('format=bmp')).toEqual(['format'])
    expect(problemsOf('fit=fill&q=0&x=1&w=1&w=10')).toEqual(['x', 'w', 'fit', 'q'])
  })

  it('when defaults are spelled out, then the variant key is the same', () => {
    const a = resolvedTransform(parse('w=400')!, 'image/jpeg').key
    const b = resolvedTransform(parse('w=400&q=80&format=jpeg&fit=cover')!, 'image/jpeg').key
    expect(a).toBe(b)
    expect(resolvedTransform(parse('w=400')!, 'image/gif').transform.format).toBe('png')
  })
})
