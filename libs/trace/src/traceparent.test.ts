import { describe, expect, it } from 'vitest'
import { continueTrace } from './traceparent.ts'

const W3C = /^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/
const CALLER = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'

describe('continueTrace', () => {
  it('when a valid traceparent comes in, then the hop keeps its trace id and flags with a span id of its own', () => {
    const hop = continueTrace(CALLER)
    expect(hop.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736')
    expect(hop.spanId).toMatch(/^[0-9a-f]{16}$/)
    expect(hop.spanId).not.toBe('00f067aa0ba902b7')
    expect(hop.traceparent).toBe(`00-${hop.traceId}-${hop.spanId}-01`)
  })

  it('when the caller did not sample, then the hop does not either', () => {
    expect(continueTrace(CALLER.replace(/01$/, '00')).traceparent).toMatch(/-00$/)
  })

  it('when no traceparent comes in, then a new trace starts', () => {
    const first = continueTrace(undefined)
    const second = continueTrace('')
    expect(first.traceparent).toMatch(W3C)
    expect(second.traceparent).toMatch(W3C)
    expect(first.traceId).not.toBe(second.traceId)
  })

  it.each([
    ['uppercase hex', CALLER.toUpperCase()],
    ['letters that are not hex', '00-4bf92f3577b34da6a3ce929d0e0e47zz-00f067aa0ba902b7-01'],
    ['an all-zero trace id', `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`],
    ['an all-zero parent id', `00-4bf92f3577b34da6a3ce929d0e0e4736-${'0'.repeat(16)}-01`],
    ['a short trace id', '00-4bf92f3577b34da6a3ce929d0e0e47-00f067aa0ba902b7-01'],
    ['version ff', CALLER.replace(/^00/, 'ff')],
    ['garbage', 'not a traceparent at all, but long enough to be looked at closely'],
    ['an overlong header', `${CALLER}-${'a'.repeat(600)}`],
  ])('when the traceparent has %s, then a new trace starts instead', (_, header) => {
    const hop = continueTrace(header)
    expect(hop.traceparent).toMatch(W3C)
    expect(hop.traceId).not.toBe('4bf92f3577b34da6a3ce929d0e0e4736')
  })
})
