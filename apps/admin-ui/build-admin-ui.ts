import { createHash, randomUUID } from 'node:crypto'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { ADMIN_UI_DIST } from './dist-dir.ts'
import { indexHtml } from './index-html.ts'

const HERE = dirname(fileURLToPath(import.meta.url))

const ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1b1f24"/><path d="M9 10h14v3H9zm0 5h14v3H9zm0 5h9v3H9z" fill="#fff"/></svg>\n`

const errorCode = (error: unknown): string | undefined => (error as NodeJS.ErrnoException).code

/**
 * Replaces `target` with `staging`. The old build is first moved aside under a name of its own,
 * so builds running at the same moment (install and a test, say) never delete each other's files.
 */
async function swapIn(staging: string, target: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const aside = `${target}.old-${randomUUID()}`
    try {
      await rename(target, aside)
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') throw error
    }
    try {
      await rename(staging, target)
      return
    } catch (error) {
      if (attempt >= 5 || !['ENOTEMPTY', 'EEXIST'].includes(errorCode(error) ?? '')) throw error
    } finally {
      await rm(aside, { recursive: true, force: true })
    }
  }
}

export interface BuildResult {
  outDir: string
  files: string[]
}

/**
 * Bundles the panel into `outDir`: index.html plus content-hashed assets (cacheable for good).
 * It builds beside the target and swaps it in, so a running gateway never reads half a build.
 */
export async function buildAdminUi(
  options: { outDir?: string; minify?: boolean } = {},
): Promise<BuildResult> {
  const outDir = options.outDir ?? ADMIN_UI_DIST
  const staging = `${outDir}.tmp-${randomUUID()}`
  const assets = join(staging, 'assets')
  try {
    const result = await build({
      absWorkingDir: HERE,
      entryPoints: { app: join(HERE, 'src', 'main.tsx') },
      outdir: assets,
      entryNames: '[name]-[hash]',
      bundle: true,
      format: 'esm',
      target: ['es2022', 'chrome111', 'firefox111', 'safari16'],
      jsx: 'automatic',
      jsxImportSource: 'preact',
      minify: options.minify ?? true,
      legalComments: 'none',
      metafile: true,
      logLevel: 'silent',
      tsconfig: join(HERE, 'tsconfig.json'),
    })
    const entry = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint)
    if (!entry?.[1].cssBundle) throw new Error('esbuild produced no script with a stylesheet')
    const iconName = `icon-${createHash('sha256').update(ICON).digest('hex').slice(0, 8)}.svg`
    await writeFile(join(assets, iconName), ICON)
    const page = indexHtml({
      script: basename(entry[0]),
      stylesheet: basename(entry[1].cssBundle),
      icon: iconName,
    })
    await writeFile(join(staging, 'index.html'), page)
    await mkdir(dirname(outDir), { recursive: true })
    await swapIn(staging, outDir)
    const files = [
      'index.html',
      ...[basename(entry[0]), basename(entry[1].cssBundle), iconName].map(
        (name) => `assets/${name}`,
      ),
    ]
    return { outDir, files }
  } catch (error) {
    await rm(staging, { recursive: true, force: true })
    throw error
  }
}
