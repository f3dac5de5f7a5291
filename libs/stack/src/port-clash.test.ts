import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import process from 'node:process'
import { afterEach, describe, expect, it } from 'vitest'
import { ExitedDuringStart, managedProcess } from './managed-process.ts'
import { isPortClash } from './services.ts'

/** What a service prints when its port is taken (`http-service.ts`, through `exitOnStartupError`). */
const CLASH = 'gateway: cannot start: port 26093 on 127.0.0.1 is already in use'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

/** Starts a process that prints `line` and exits 1; answers the error its start threw. */
async function failedStart(line: string, logFile: string): Promise<unknown> {
  const script = `console.error(${JSON.stringify(line)}); process.exit(1)`
  const managed = managedProcess({
    name: 'gateway',
    command: process.execPath,
    args: ['-e', script],
    logFile,
    isReady: async () => false,
    readyTimeoutMs: 10_000,
  })
  return managed.start().then(
    () => undefined,
    (error: unknown) => error,
  )
}

const logFileIn = () => {
  const folder = mkdtempSync(join(tmpdir(), 'port-clash-'))
  folders.push(folder)
  return join(folder, 'gateway.log')
}

describe('a service whose port was taken at start', () => {
  it('when a process exits at start saying its port is in use, then the launch sees a port clash', async () => {
    const error = await failedStart(CLASH, logFileIn())
    expect(error).toBeInstanceOf(ExitedDuringStart)
    expect((error as ExitedDuringStart).output).toContain(CLASH)
    expect(isPortClash(error)).toBe(true)
  })

  it('when it exits for another reason, then it is no port clash, whatever an earlier start logged', async () => {
    const logFile = logFileIn()
    writeFileSync(logFile, `${CLASH}\n`)
    const error = await failedStart('gateway: cannot start: MONGO_URL is required', logFile)
    expect(error).toBeInstanceOf(ExitedDuringStart)
    expect((error as ExitedDuringStart).output).not.toContain('already in use')
    expect(isPortClash(error)).toBe(false)
  })
})
