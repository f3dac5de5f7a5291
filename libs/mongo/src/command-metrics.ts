import type { CommandStartedEvent, MongoClient } from 'mongodb'
import { Counter } from 'prom-client'
import type { Registry } from 'prom-client'

/** Commands whose first member names the collection they act on. */
const COLLECTION_COMMANDS = new Set([
  'find',
  'insert',
  'update',
  'delete',
  'aggregate',
  'count',
  'distinct',
  'findAndModify',
  'getMore',
])

/**
 * Counts every command the driver sends, by command, collection and origin
 * (`mongodb_commands_total`; origin `request` when sent on behalf of an HTTP request,
 * `background` otherwise), so storage cost per API call can be measured on any server.
 * The client must be created with `monitorCommands: true` (connectMongo does).
 */
export function countMongoCommands(
  client: MongoClient,
  registry: Registry,
  inRequest: () => boolean,
): void {
  const counter = new Counter({
    name: 'mongodb_commands_total',
    help: 'MongoDB commands sent, by command name, collection and origin (request or background)',
    labelNames: ['command', 'collection', 'origin'] as const,
    registers: [registry],
  })
  client.on('commandStarted', (event: CommandStartedEvent) => {
    const name = event.commandName
    if (!COLLECTION_COMMANDS.has(name)) return
    const target = event.command[name] as unknown
    const collection =
      name === 'getMore'
        ? String(event.command.collection ?? '')
        : typeof target === 'string'
          ? target
          : ''
    counter.inc({ command: name, collection, origin: inRequest() ? 'request' : 'background' })
  })
}
