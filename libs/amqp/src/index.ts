export { connectAmqp, UnroutableMessageError } from './connect.ts'
export type { AmqpClient, AmqpOptions } from './connect.ts'
export { brokerUrls, splitBrokerUrls } from './broker-urls.ts'
export { deadLetterTo, quorumQueue } from './quorum-queue.ts'
export { KEEP_TRYING, publishKept } from './publish-kept.ts'
export type { KeepTrying } from './publish-kept.ts'
export { listenOnPrivateQueue } from './private-queue.ts'
export {
  declareWebhookEventsQueue,
  WEBHOOK_EVENTS_ROUTING_KEY,
  webhookEventsQueue,
  webhookQueueBase,
} from './webhook-events-queue.ts'
export type { WebhookEventsQueue } from './webhook-events-queue.ts'
