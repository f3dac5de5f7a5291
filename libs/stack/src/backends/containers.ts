import type { Backend } from './backend.ts'

export const IMAGES = {
  mongo: 'mongo:7.0',
  redis: 'redis:7.2-alpine',
  rabbitmq: 'rabbitmq:3.13-alpine',
} as const

/**
 * With a Docker engine, the backing servers run as containers (testcontainers). Loaded lazily
 * so machines without Docker never touch the Docker client.
 */
export async function startContainers(wanted: {
  mongo: boolean
  redis: boolean
  amqp: boolean
}): Promise<{
  mongo?: Backend
  redis?: Backend
  amqp?: Backend
}> {
  const result: { mongo?: Backend; redis?: Backend; amqp?: Backend } = {}
  if (wanted.mongo) {
    const { MongoDBContainer } = await import('@testcontainers/mongodb')
    const container = await new MongoDBContainer(IMAGES.mongo).start()
    result.mongo = {
      url: `${container.getConnectionString()}?directConnection=true`,
      control: { stop: async () => void (await container.stop()), start: async () => undefined },
      dispose: async () => void (await container.stop()),
    }
  }
  if (wanted.redis) {
    const { RedisContainer } = await import('@testcontainers/redis')
    const container = await new RedisContainer(IMAGES.redis).start()
    result.redis = {
      url: container.getConnectionUrl(),
      dispose: async () => void (await container.stop()),
    }
  }
  if (wanted.amqp) {
    const { RabbitMQContainer } = await import('@testcontainers/rabbitmq')
    // The same dead-letter confirm time-out as compose and the local broker (docs/deployment.md).
    const container = await new RabbitMQContainer(IMAGES.rabbitmq)
      .withEnvironment({
        RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS:
          '-rabbit dead_letter_worker_publisher_confirm_timeout 5000',
      })
      .start()
    result.amqp = {
      url: container.getAmqpUrl(),
      dispose: async () => void (await container.stop()),
    }
  }
  return result
}
