import { make, parse } from 'tctx/traceparent'
import type { Traceparent } from 'tctx/traceparent'

export const TRACEPARENT_HEADER = 'traceparent'

/** One hop of a W3C trace: the trace it belongs to and this hop's own span id. */
export interface TraceHop {
  /** 32 lowercase hex digits, shared by every hop of the trace. */
  traceId: string
  /** 16 lowercase hex digits naming this hop; the parent id of the calls it makes. */
  spanId: string
  /** The `traceparent` this hop sends on: its trace, its span id, the caller's flags. */
  traceparent: string
}

const TRACE_ID = /^[0-9a-f]{32}$/
const SPAN_ID = /^[0-9a-f]{16}$/

/**
 * tctx's parser takes any letters and digits where the W3C format has lowercase hex (and
 * uppercase hex, which the format forbids): such a header starts a new trace instead.
 */
function parsedStrictly(header: string): Traceparent | undefined {
  const parsed = parse(header)
  if (!parsed || !TRACE_ID.test(parsed.trace_id) || !SPAN_ID.test(parsed.parent_id)) return
  return parsed
}

const hopOf = (parent: Traceparent): TraceHop => {
  const own = parent.child()
  return { traceId: own.trace_id, spanId: own.parent_id, traceparent: own.toString() }
}

/**
 * This hop of the caller's trace when `header` is a valid `traceparent` (W3C Trace Context):
 * same trace id and flags, a span id of its own. Without one, or with one that is not valid,
 * the hop starts a new trace, as the format says a receiver does.
 */
export function continueTrace(header: string | undefined): TraceHop {
  const parent = header && header.length <= 512 ? parsedStrictly(header) : undefined
  return hopOf(parent ?? make())
}
