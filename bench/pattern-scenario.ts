import { performance } from 'node:perf_hooks'
import type { ApiCall } from '@cms/testkit'

/** The classic catastrophic-backtracking pattern: a backtracking engine takes 2^n steps. */
export const HOSTILE_PATTERN = '^(a+)+$'
const VALUE_BYTES = 100 * 1024
const SAMPLES = 5

export interface PatternBench {
  pattern: string
  valueBytes: number
  /** Median time of a create whose 100 KB value the pattern refuses (422), through the gateway. */
  medianMs: number
  samplesMs: number[]
}

/**
 * A create whose text field (`pattern: ^(a+)+$`) gets 100 KB of `a` followed by `!`: a
 * backtracking engine would not answer within the age of the universe; RE2 (re2js) answers in
 * time linear in the value (docs/schema.md, "Validation rules").
 */
export async function measureHostilePattern(api: ApiCall): Promise<PatternBench> {
  const type = await api('POST', '/api/content-types', {
    body: {
      name: 'pattern_probe',
      fields: [{ name: 'code', type: 'text', pattern: HOSTILE_PATTERN }],
    },
  })
  if (type.status !== 201) throw new Error(`pattern_probe type: ${type.status} ${type.text}`)
  const body = { type: 'pattern_probe', data: { code: `${'a'.repeat(VALUE_BYTES - 1)}!` } }
  const samplesMs: number[] = []
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now()
    const response = await api('POST', '/api/content', { body })
    samplesMs.push(Number((performance.now() - started).toFixed(1)))
    if (response.status !== 422) throw new Error(`hostile pattern: ${response.status}`)
  }
  const sorted = [...samplesMs].sort((a, b) => a - b)
  return {
    pattern: HOSTILE_PATTERN,
    valueBytes: VALUE_BYTES,
    medianMs: sorted[Math.floor(SAMPLES / 2)]!,
    samplesMs,
  }
}

export const formatPatternBench = (bench: PatternBench): string =>
  `pattern: a ${bench.valueBytes / 1024} KB value against ${bench.pattern}, refused (422) through the gateway in ${bench.medianMs} ms (median of ${bench.samplesMs.length}: ${bench.samplesMs.join(', ')} ms)`
