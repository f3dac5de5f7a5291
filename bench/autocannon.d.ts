/** The part of autocannon 9's API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  export interface AutocannonRequest {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string | Buffer
    setupRequest?: (
      request: AutocannonRequest,
      context: Record<string, unknown>,
    ) => AutocannonRequest
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string | string[]>,
    ) => void
  }

  export interface AutocannonOptions extends AutocannonRequest {
    url: string
    connections?: number
    duration?: number
    amount?: number
    timeout?: number
    requests?: AutocannonRequest[]
  }

  interface Histogram {
    average: number
    p50: number
    p99: number
    max: number
  }

  export interface AutocannonResult {
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    mismatches: number
    latency: Histogram
    requests: Histogram & { total: number }
    statusCodeStats: Record<string, { count: number }>
  }

  function autocannon(options: AutocannonOptions): Promise<AutocannonResult> & { stop(): void }
  export default autocannon
}
