import { testEnv, waitFor } from '@cms/testkit'
import { readSchemaConfig } from '../../src/config.ts'
import { start } from '../../src/main.ts'
import type { RunningSchemaService } from '../../src/main.ts'

/** Ready with every check passing: a `degraded` service may not have reached the broker yet. */
async function isReady(url: string): Promise<true | undefined> {
  const response = await fetch(`${url}/readyz`)
  const body = (await response.json().catch(() => ({}))) as { status?: string }
  return response.ok && body.status === 'ready' ? true : undefined
}

/**
 * A schema service in this process on a free port, against the test stack's real servers;
 * waits until it is fully ready (broker included) unless told not to (a service without a broker never is).
 */
export async function startSchema(
  overrides: Record<string, string> = {},
  options: { waitUntilReady?: boolean } = {},
): Promise<RunningSchemaService> {
  const env = testEnv()
  const service = await start(
    readSchemaConfig({
      PORT: '0',
      METRICS_PORT: '0',
      HOST: '127.0.0.1',
      MONGO_URL: env.mongoUrl,
      AMQP_URL: env.amqpUrl,
      INTERNAL_TOKEN: env.internalToken,
      CONTENT_URL: env.contentReadUrl,
      CONTENT_TIMEOUT_MS: '1500',
      LOG_LEVEL: 'silent',
      ...overrides,
    }),
  )
  if (options.waitUntilReady ?? true) {
    await waitFor(() => isReady(service.url), { what: 'the schema service to be ready' })
  }
  return service
}
