import process from 'node:process'

export interface BenchSettings {
  /** Measured seconds per timed row (`BENCH_SECONDS`, default 3: ~36,000 requests of a warm row). */
  seconds: number
  /** Unmeasured seconds before each measurement: JIT, pools and caches settle. */
  warmupSeconds: number
  connections: number
  /**
   * Requests, all at once, of a scenario too slow for a timed run (`BENCH_COLD_REQUESTS`, default
   * 1: the probe that found it slow is its measurement): a cold list on FerretDB at 10,000
   * documents takes ~3.5 s alone, 4 at once took ~15 s and 20 at once 128 s.
   */
  coldRequests: number
  documents: number
  /** Documents read by id and by slug, round robin: the pages a site serves most. */
  hotDocuments: number
  fanOutWrites: number
  /** Writes stop here even if fewer than `fanOutWrites` were made (FerretDB writes slowly). */
  fanOutSeconds: number
  fanOutWebhooks: number
  /** Open `/api/changes` streams of the change-stream scenario (`BENCH_STREAMS`). */
  streams: number
  /** Creates whose receipt on every stream it times (`BENCH_STREAM_CHANGES`). */
  streamChanges: number
  /**
   * Drafts published one by one and again in one bulk job (`BENCH_BULK_DOCUMENTS`): a publish
   * scans every document on FerretDB (~1 a second at 10,000), so 1,000 of each took over 30 min.
   */
  bulkDocuments: number
  /**
   * Pages of the bench website's initial sync that are measured (`BENCH_SYNC_PAGES`): each is a
   * scan on FerretDB, ~3 s at 10,000 documents.
   */
  syncPages: number
}

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`)
  return value
}

export function readBenchSettings(): BenchSettings {
  const seconds = positiveNumber('BENCH_SECONDS', 3)
  return {
    seconds,
    warmupSeconds: Math.min(2, Math.max(1, seconds / 5)),
    connections: 20,
    coldRequests: Math.min(20, Math.round(positiveNumber('BENCH_COLD_REQUESTS', 1))),
    documents: Math.round(positiveNumber('BENCH_DOCUMENTS', 10_000)),
    hotDocuments: 200,
    fanOutWrites: Math.round(positiveNumber('BENCH_FANOUT_WRITES', 2000)),
    fanOutSeconds: positiveNumber('BENCH_FANOUT_SECONDS', 120),
    fanOutWebhooks: 5,
    streams: Math.round(positiveNumber('BENCH_STREAMS', 100)),
    streamChanges: Math.round(positiveNumber('BENCH_STREAM_CHANGES', 100)),
    bulkDocuments: Math.round(positiveNumber('BENCH_BULK_DOCUMENTS', 20)),
    syncPages: Math.round(positiveNumber('BENCH_SYNC_PAGES', 5)),
  }
}
