import { spawnSync } from 'node:child_process'
import { ensureGoTool } from '@cms/stack'
import type { GoToolName } from '@cms/stack'

/** The tool's binary, built into .cache/go-tools the first time any test file asks. */
export const goTool = (name: GoToolName): Promise<string> =>
  ensureGoTool(name, { log: (line) => console.error(`[go-tools] ${line}`) })

export class ToolError extends Error {}

/** Runs a tool to completion and returns what it printed; a failure throws what it said. */
export function runTool(
  binary: string,
  args: readonly string[],
  options: { env?: Record<string, string>; cwd?: string } = {},
): string {
  const result = spawnSync(binary, args, {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    ...options,
  })
  if (result.error) throw result.error
  if (result.status !== 0) throw new ToolError(result.stderr.trim() || `exit ${result.status}`)
  return result.stdout
}
