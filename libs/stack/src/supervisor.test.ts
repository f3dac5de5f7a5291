import { describe, expect, it } from 'vitest'
import type { ManagedProcess, ProcessExit } from './managed-process.ts'
import { supervise } from './supervisor.ts'

/** A process whose exits the test triggers; `failStarts` starts throw before one succeeds. */
function fakeProcess(name: string, failStarts = 0) {
  const listeners = new Set<(exit: ProcessExit) => void>()
  let pid = 100
  let failures = failStarts
  const started: number[] = []
  const managed: ManagedProcess = {
    name,
    logFile: `/nonexistent/${name}.log`,
    pid: () => pid,
    isRunning: () => true,
    async start() {
      if (failures-- > 0) throw new Error(`${name} exited with code 1 during start`)
      started.push(++pid)
    },
    stop: async () => undefined,
    kill: async () => undefined,
    onExit(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  const exit = (exit: Partial<ProcessExit> = {}) => {
    for (const listener of listeners)
      listener({ code: null, signal: 'SIGKILL', expected: false, ...exit })
  }
  return { managed, exit, started }
}

function harness(processes: ManagedProcess[]) {
  const lines: string[] = []
  const delays: number[] = []
  let clock = 0
  const supervisor = supervise({
    processes,
    report: (line) => lines.push(line),
    now: () => clock,
    sleep: async (ms) => {
      delays.push(ms)
      clock += ms
    },
  })
  const settle = () => new Promise((resolve) => setTimeout(resolve, 10))
  return { supervisor, lines, delays, settle, advance: (ms: number) => (clock += ms) }
}

describe('supervise', () => {
  it('when a process exits unexpectedly, then it is reported with its signal and started again', async () => {
    const content = fakeProcess('content-write')
    const { supervisor, lines, settle } = harness([content.managed])
    content.exit()
    await settle()
    expect(content.started).toEqual([101])
    expect(supervisor.state('content-write')).toBe('up')
    expect(lines.join('\n')).toContain('content-write exited unexpectedly (signal SIGKILL)')
    expect(lines.join('\n')).toContain('content-write is back (pid 101')
  })

  it('when its owner stopped it, then nothing is restarted', async () => {
    const redis = fakeProcess('redis')
    const { lines, settle } = harness([redis.managed])
    redis.exit({ expected: true, signal: 'SIGTERM' })
    await settle()
    expect(redis.started).toEqual([])
    expect(lines).toEqual([])
  })

  it('when a restart fails, then the next waits twice as long', async () => {
    const schema = fakeProcess('schema', 2)
    const { supervisor, delays, lines, settle } = harness([schema.managed])
    schema.exit({ code: 1, signal: null })
    await settle()
    expect(delays.filter((ms) => ms >= 250)).toEqual([250, 500, 1000])
    expect(lines.join('\n')).toContain('schema exited unexpectedly (exit code 1)')
    expect(lines.join('\n')).toContain('schema did not come back: schema exited with code 1')
    expect(supervisor.state('schema')).toBe('up')
  })

  it('when a process keeps crashing, then it is given up and the others are still watched', async () => {
    const webhook = fakeProcess('webhook', 100)
    const gateway = fakeProcess('gateway')
    const { supervisor, lines, settle } = harness([webhook.managed, gateway.managed])
    webhook.exit()
    await settle()
    expect(supervisor.state('webhook')).toBe('given up')
    expect(lines.join('\n')).toMatch(/webhook crashed 6 times within 60\.0 s: given up/)
    gateway.exit()
    await settle()
    expect(gateway.started).toEqual([101])
    expect(supervisor.state('gateway')).toBe('up')
  })

  it('when crashes are further apart than the window, then the count starts again', async () => {
    const read = fakeProcess('content-read')
    const { supervisor, delays, settle, advance } = harness([read.managed])
    for (let i = 0; i < 8; i++) {
      read.exit()
      await settle()
      advance(61_000)
    }
    expect(supervisor.state('content-read')).toBe('up')
    expect(delays.filter((ms) => ms >= 250)).toEqual(Array(8).fill(250))
  })

  it('when the supervisor is stopped, then an exit is no longer restarted', async () => {
    const ferretdb = fakeProcess('ferretdb')
    const { supervisor, settle } = harness([ferretdb.managed])
    supervisor.stop()
    ferretdb.exit()
    await settle()
    expect(ferretdb.started).toEqual([])
  })
})
