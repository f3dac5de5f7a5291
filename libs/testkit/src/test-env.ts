import process from 'node:process'

const VARIABLES = {
  gatewayUrl: 'CMS_TEST_GATEWAY_URL',
  contentReadUrl: 'CMS_TEST_CONTENT_READ_URL',
  contentWriteUrl: 'CMS_TEST_CONTENT_WRITE_URL',
  schemaUrl: 'CMS_TEST_SCHEMA_URL',
  webhookUrl: 'CMS_TEST_WEBHOOK_URL',
  adminToken: 'CMS_ADMIN_TOKEN',
  internalToken: 'INTERNAL_TOKEN',
  mongoUrl: 'MONGO_URL',
  redisUrl: 'REDIS_URL',
  amqpUrl: 'AMQP_URL',
} as const

export type TestEnv = { [K in keyof typeof VARIABLES]: string }

/** What the global setup started, as the test process sees it. */
export function testEnv(): TestEnv {
  const entries = Object.entries(VARIABLES).map(([key, name]) => {
    const value = process.env[name]
    if (!value)
      throw new Error(
        `${name} is not set: run tests with \`npm test\` (vitest's global setup provides it)`,
      )
    return [key, value]
  })
  return Object.fromEntries(entries) as TestEnv
}
