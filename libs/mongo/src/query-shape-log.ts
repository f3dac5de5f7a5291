import { appendFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import process from 'node:process'
import type { CommandStartedEvent, MongoClient } from 'mongodb'
import { queryShapesOf, shapeKey } from './query-shape.ts'

/**
 * Appends each distinct query shape this process sends to `<dir>/<database>-<pid>.jsonl`, with
 * its database, so a test can check every shape against the indexes (test/index-coverage).
 */
export function logQueryShapes(client: MongoClient, dir: string): void {
  mkdirSync(dir, { recursive: true })
  const seen = new Set<string>()
  client.on('commandStarted', (event: CommandStartedEvent) => {
    for (const shape of queryShapesOf(event.commandName, event.command)) {
      const key = `${event.databaseName} ${shapeKey(shape)}`
      if (seen.has(key)) continue
      seen.add(key)
      const file = join(dir, `${event.databaseName}-${process.pid}.jsonl`)
      appendFileSync(file, `${JSON.stringify({ database: event.databaseName, ...shape })}\n`)
    }
  })
}
