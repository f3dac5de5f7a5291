import { signalProcessGroup } from './managed-process.ts'
import { isAlive } from './process-identity.ts'
import type { ProcessIdentity } from './process-identity.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const KILLED_EXIT_MS = 5000

/**
 * Ends the process groups a crashed start left running (each only while it is still the
 * recorded process, never a reused pid): SIGTERM, then SIGKILL after `graceMs`, and waits until
 * each whole group is gone. Returns the names of those it ended.
 */
export async function endLeftovers(
  processes: readonly (ProcessIdentity & { name: string })[],
  graceMs = 10_000,
): Promise<string[]> {
  const alive = processes.filter(isAlive)
  for (const leftover of alive) signalProcessGroup(leftover.pid, 'SIGTERM')
  // The group, not only its leader: a server it spawned can still hold its port a moment
  // after the leader is gone.
  const running = (leftover: ProcessIdentity) =>
    isAlive(leftover) || signalProcessGroup(leftover.pid, 0)
  const until = async (deadline: number) => {
    while (Date.now() < deadline && alive.some(running)) await sleep(100)
  }
  await until(Date.now() + graceMs)
  for (const leftover of alive) if (running(leftover)) signalProcessGroup(leftover.pid, 'SIGKILL')
  // A killed process gives its port back only once it is gone.
  await until(Date.now() + KILLED_EXIT_MS)
  return alive.map((leftover) => leftover.name)
}
