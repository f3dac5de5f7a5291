import { signalProcessGroup } from './managed-process.ts'
import { isAlive } from './process-identity.ts'
import type { ProcessIdentity } from './process-identity.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Ends the process groups a crashed start left running (each only while it is still the
 * recorded process, never a reused pid): SIGTERM, then SIGKILL after `graceMs`. Returns the
 * names of those it ended.
 */
export async function endLeftovers(
  processes: readonly (ProcessIdentity & { name: string })[],
  graceMs = 10_000,
): Promise<string[]> {
  const alive = processes.filter(isAlive)
  for (const leftover of alive) signalProcessGroup(leftover.pid, 'SIGTERM')
  const deadline = Date.now() + graceMs
  while (Date.now() < deadline && alive.some(isAlive)) await sleep(100)
  for (const leftover of alive) if (isAlive(leftover)) signalProcessGroup(leftover.pid, 'SIGKILL')
  return alive.map((leftover) => leftover.name)
}
