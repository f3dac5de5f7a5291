import process from 'node:process'
import { buildAdminUi } from './build-admin-ui.ts'

/** `tsx apps/admin-ui/build.ts`: run on install, writes apps/admin-ui/dist/. */
try {
  const { outDir, files } = await buildAdminUi()
  process.stdout.write(`admin panel built into ${outDir}: ${files.join(', ')}\n`)
} catch (error) {
  process.stderr.write(
    `admin panel build failed: ${error instanceof Error ? error.message : String(error)}\n`,
  )
  process.exitCode = 1
}
