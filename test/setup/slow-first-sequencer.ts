import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { BaseSequencer } from 'vitest/node'
import type { TestSpecification } from 'vitest/node'

/** Seconds per file of a clean CI run, `<seconds> <path from the repository root>` a line. */
const DURATIONS_FILE = join(import.meta.dirname, 'file-durations.txt')

/** A file no run has timed yet: one that launches its own stack is counted among the slow ones. */
const UNTIMED_WITH_STACK_S = 40
const UNTIMED_S = 5
const OWN_STACK = /\b(startStack|launchServices|startGateway)\(/

function knownDurations(): Map<string, number> {
  const lines = readFileSync(DURATIONS_FILE, 'utf8').split('\n')
  const pairs = lines
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length === 2 && Number.isFinite(Number(fields[0])))
    .map(([seconds, path]) => [path!, Number(seconds)] as const)
  return new Map(pairs)
}

/**
 * Longest files first, so that on a clean clone (no vitest cache) a long file never starts last
 * and keeps one worker busy while the other idles. Durations come from this run's own cache when
 * it has one, else from file-durations.txt, else from a guess by whether the file starts a stack.
 */
export class SlowFirstSequencer extends BaseSequencer {
  private readonly durations = knownDurations()

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root
    const secondsOf = (spec: TestSpecification): number => {
      const path = relative(root, spec.moduleId)
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${path}`)
      if (cached?.duration) return cached.duration / 1000
      const known = this.durations.get(path)
      if (known !== undefined) return known
      return OWN_STACK.test(readFileSync(spec.moduleId, 'utf8')) ? UNTIMED_WITH_STACK_S : UNTIMED_S
    }
    const seconds = new Map(files.map((spec) => [spec, secondsOf(spec)]))
    return [...files].sort((a, b) => seconds.get(b)! - seconds.get(a)!)
  }
}
