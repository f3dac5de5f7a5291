import { readFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { staticFileOf } from '../http/static-file.ts'
import type { StaticFile } from '../http/static-file.ts'

export type PanelFile = StaticFile

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
}

/** One plain file name of a known type: no folders, no dot-files, so never a path outside dist. */
const ASSET_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*\.(?:js|css|svg)$/

export const isAssetName = (name: string): boolean => ASSET_NAME.test(name)

const isMissing = (error: unknown): boolean =>
  ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '')

async function readPanelFile(path: string): Promise<PanelFile | undefined> {
  try {
    return staticFileOf(await readFile(path), TYPES[extname(path)] ?? 'application/octet-stream')
  } catch (error) {
    if (isMissing(error)) return undefined
    throw error
  }
}

export interface PanelFiles {
  /** Read on every request: a rebuild shows at once, and the page is a few hundred bytes. */
  index(): Promise<PanelFile | undefined>
  /** Names carry a content hash, so a file once read is kept for the life of the process. */
  asset(name: string): Promise<PanelFile | undefined>
}

export function createPanelFiles(distDir: string): PanelFiles {
  const assets = new Map<string, PanelFile>()
  return {
    index: () => readPanelFile(join(distDir, 'index.html')),
    async asset(name) {
      if (!isAssetName(name)) return undefined
      const known = assets.get(name)
      if (known) return known
      const file = await readPanelFile(join(distDir, 'assets', name))
      if (file) assets.set(name, file)
      return file
    },
  }
}
