/** A backing server the provisioner brought up (or was given), with its connection string. */
export interface Backend {
  readonly url: string
  /** Present when this run started the server itself: tests use them to simulate outages. */
  readonly control?: {
    stop(): Promise<void>
    start(): Promise<void>
  }
  /** Stops what this run started and removes nothing it was given. */
  dispose(): Promise<void>
}

export function givenBackend(url: string): Backend {
  return { url, dispose: async () => undefined }
}
