// Loaded with NODE_OPTIONS=--import (which does not admit --cpu-prof) into the services the bench
// profiles; plain JavaScript because it runs before tsx is registered. Writes a .cpuprofile
// into BENCH_PROFILE_DIR when the process exits.
import { Session } from 'node:inspector'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import process from 'node:process'

const dir = process.env.BENCH_PROFILE_DIR
if (dir) {
  const session = new Session()
  session.connect()
  session.post('Profiler.enable')
  session.post('Profiler.setSamplingInterval', { interval: 500 })
  session.post('Profiler.start')
  process.once('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (error) return
      const name = `${process.env.BENCH_PROFILE_NAME ?? 'service'}-${process.pid}.cpuprofile`
      writeFileSync(join(dir, name), JSON.stringify(result.profile))
    })
  })
}
