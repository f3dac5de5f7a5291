import { closeSync, openSync, readSync, statSync } from 'node:fs'
import { join } from 'node:path'
import process from 'node:process'

export type LogLine = Record<string, unknown>

export interface ServiceLog {
  /** The JSON lines the service wrote since `followServiceLog` was called. */
  lines(): LogLine[]
}

/**
 * Follows a service's log file under the test stack's data folder
 * (`<CMS_TEST_DATA_DIR>/logs/<service>.log`, where `@cms/stack` sends stdout and stderr) from
 * its current end, so a test reads only what its own requests made the service log.
 */
export function followServiceLog(
  service: string,
  dataDir: string | undefined = process.env.CMS_TEST_DATA_DIR,
): ServiceLog {
  if (!dataDir) throw new Error('CMS_TEST_DATA_DIR is not set: run tests with `npm test`')
  const file = join(dataDir, 'logs', `${service}.log`)
  const start = statSync(file).size
  return {
    lines() {
      const length = statSync(file).size - start
      if (length <= 0) return []
      const buffer = Buffer.alloc(length)
      const fd = openSync(file, 'r')
      try {
        readSync(fd, buffer, 0, length, start)
      } finally {
        closeSync(fd)
      }
      return buffer
        .toString('utf8')
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as LogLine]
          } catch {
            return [] // a line still being written
          }
        })
    },
  }
}

/** Where the test stack's `service` serves `/metrics` (its metrics port). */
export function metricsUrlOf(service: string): string {
  const urls = JSON.parse(process.env.CMS_TEST_METRICS_URLS ?? '{}') as Record<string, string>
  const url = urls[service]
  if (!url) throw new Error(`no metrics URL for ${service}: run tests with \`npm test\``)
  return url
}
