import { mkdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import process from 'node:process'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const PACKAGE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')

export interface BrowserBundle {
  file: string
  bytes: number
  gzipBytes: number
  /** What the bundle imports from outside itself (nothing, for a browser). */
  imports: string[]
}

/** Bundles @cms/client with `qs` for browsers: one minified ES module with no imports. */
export async function buildBrowserBundle(
  outfile = join(PACKAGE_ROOT, 'dist', 'cms-client.browser.js'),
): Promise<BrowserBundle> {
  mkdirSync(dirname(outfile), { recursive: true })
  const result = await build({
    entryPoints: [join(PACKAGE_ROOT, 'src', 'index.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    outfile,
    metafile: true,
    write: true,
    logLevel: 'silent',
  })
  const output = result.metafile.outputs[Object.keys(result.metafile.outputs)[0]!]!
  const code = readFileSync(outfile)
  return {
    file: outfile,
    bytes: code.length,
    gzipBytes: gzipSync(code).length,
    imports: output.imports.map((entry) => entry.path),
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const bundle = await buildBrowserBundle()
  process.stdout.write(`${bundle.file}: ${bundle.bytes} bytes, ${bundle.gzipBytes} gzipped\n`)
}
