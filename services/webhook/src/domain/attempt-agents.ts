import { Agent as HttpAgent } from 'node:http'
import { Agent as HttpsAgent } from 'node:https'
import process from 'node:process'

export interface AttemptAgents {
  http: HttpAgent
  https: HttpsAgent
}

/**
 * Whether delivery attempts keep connections open for the next one: on Node only. Deno's
 * node:http re-sends a request that is destroyed on a reused keep-alive connection before its
 * answer (what the time-out does) on a new connection, and hands that answer back as the
 * request's own (denoland/deno#36786): a timed-out attempt counted as a success, and the receiver
 * got a copy nobody logged. On a connection of its own nothing is re-sent.
 */
export const keepsConnections = (versions: NodeJS.ProcessVersions): boolean =>
  versions.deno === undefined

/** The connection pools of delivery attempts (docs/webhooks.md, "Delivery"). */
export function createAttemptAgents(
  versions: NodeJS.ProcessVersions = process.versions,
): AttemptAgents {
  const keepAlive = keepsConnections(versions)
  return { http: new HttpAgent({ keepAlive }), https: new HttpsAgent({ keepAlive }) }
}
