export { connectAmqp, UnroutableMessageError } from './connect.ts'
export type { AmqpClient, AmqpOptions } from './connect.ts'
