import type { ManagedProcess } from '../managed-process.ts'

/** A backing server the provisioner brought up (or was given), with its connection string. */
export interface Backend {
  readonly url: string
  /**
   * The URL for services that write: FerretDB on SQLite lets one writer in at a time, and
   * many connections each waiting on SQLite's lock (which retries after growing sleeps) gave
   * writes a long tail; a short driver pool queues them in order instead (docs/ferretdb.md).
   */
  readonly writerUrl?: string
  /** Present when this run started the server itself: tests use them to simulate outages. */
  readonly control?: {
    stop(): Promise<void>
    start(): Promise<void>
    /** SIGKILL to the server's whole process group, as a crash would (local processes only). */
    kill?(): Promise<void>
  }
  /** Stops what this run started and removes nothing it was given. */
  dispose(): Promise<void>
}

export function givenBackend(url: string): Backend {
  return { url, dispose: async () => undefined }
}

/** The process behind a backend this run started itself (for the supervisor), if any. */
export function processOf(backend: Backend): ManagedProcess | undefined {
  const control = backend.control as Partial<ManagedProcess> | undefined
  return typeof control?.onExit === 'function' ? (control as ManagedProcess) : undefined
}
