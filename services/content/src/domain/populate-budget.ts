import { Buffer } from 'node:buffer'
import { ValidationError } from '@cms/errors'

/** What one answer with `populate` may hold (docs/content.md, "Relations"). */
export interface PopulateLimits {
  /** Related documents and media files embedded in the answer, each repeat counted. */
  maxDocuments: number
  /** Bytes of the answer's JSON. */
  maxBytes: number
}

/**
 * Room for every page a site really shows (100 documents, a few relations, two levels: a few
 * thousand embedded documents) and far from what fills a process's memory.
 */
export const DEFAULT_POPULATE_LIMITS: PopulateLimits = {
  maxDocuments: 5000,
  maxBytes: 32 * 1024 * 1024,
}

/** What one populated answer has spent of its limits; 422 at `populate` once it would pass one. */
export interface PopulateBudget {
  /** Before a read: the answer is to embed `count` more documents. */
  embed(count: number): void
  /** As the answer is built: `value` goes into it `times` times. */
  weigh(value: unknown, times: number): void
}

/** Bytes of `value` as JSON: each document is measured once, whatever its repeats. */
const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? '')

export function createPopulateBudget(limits: PopulateLimits): PopulateBudget {
  let documents = 0
  let bytes = 0
  return {
    embed(count) {
      documents += count
      if (documents <= limits.maxDocuments) return
      throw ValidationError.single(
        'populate',
        `populate would embed ${documents} related documents; one answer embeds at most ${limits.maxDocuments} (populate fewer fields or levels, or ask for a smaller page)`,
      )
    },
    weigh(value, times) {
      if (times === 0) return
      bytes += jsonBytes(value) * times
      if (bytes <= limits.maxBytes) return
      throw ValidationError.single(
        'populate',
        `the populated answer would be larger than ${limits.maxBytes} bytes, the most one answer may have (populate fewer fields or levels, name fields, or ask for a smaller page)`,
      )
    },
  }
}
