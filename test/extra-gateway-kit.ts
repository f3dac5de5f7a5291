import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { DATA_ROOT, launchServices } from '@cms/stack'
import { testEnv } from '@cms/testkit'

export interface ExtraGateway {
  gatewayUrl: string
  stop(): Promise<void>
}

/**
 * A second gateway process with its own settings (`env`), sharing the test stack's services,
 * MongoDB, Redis and RabbitMQ: what a setting changes is seen beside the stack's gateway.
 */
export async function launchExtraGateway(
  name: string,
  env: Record<string, string>,
): Promise<ExtraGateway> {
  const stack = testEnv()
  const dataDir = mkdtempSync(join(DATA_ROOT, `${name}-`))
  try {
    const services = await launchServices({
      mongoUrl: stack.mongoUrl,
      redisUrl: stack.redisUrl,
      amqpUrl: stack.amqpUrl,
      dataDir,
      adminToken: stack.adminToken,
      internalToken: stack.internalToken,
      only: ['gateway'],
      env: {
        gateway: {
          CONTENT_READ_URL: stack.contentReadUrl,
          CONTENT_WRITE_URL: stack.contentWriteUrl,
          SCHEMA_URL: stack.schemaUrl,
          WEBHOOK_URL: stack.webhookUrl,
          ...env,
        },
      },
    })
    return {
      gatewayUrl: services.gatewayUrl,
      stop: async () => {
        await services.stop()
        rmSync(dataDir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
}
