import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'

/**
 * The npm packages a program loads at run time: its imports followed through relative paths and
 * workspace packages (`@cms/*`), skipping type-only imports, which the runtimes erase.
 */
const STATIC = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g

function specifiers(text: string): string[] {
  const found: string[] = []
  for (const match of text.matchAll(STATIC)) if (!match[1]) found.push(match[2]!)
  for (const match of text.matchAll(DYNAMIC)) found.push(match[1]!)
  return found
}

export const packageName = (specifier: string): string =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')

function workspaceEntry(
  root: string,
  name: string,
  workspaces: ReadonlyMap<string, string>,
): string {
  const folder = workspaces.get(name)
  if (!folder) throw new Error(`unknown workspace package ${name}`)
  const manifest = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')) as {
    exports?: Record<string, string> | string
  }
  const exported = typeof manifest.exports === 'string' ? manifest.exports : manifest.exports?.['.']
  if (!exported) throw new Error(`${name} exports nothing`)
  return join(root, folder, exported)
}

/** Every file reached from the entries, and the npm packages they import (with an importer). */
export function runtimeImports(options: {
  root: string
  entries: readonly string[]
  /** Workspace package name -> its folder relative to the root. */
  workspaces: ReadonlyMap<string, string>
}): { files: string[]; packages: Map<string, string> } {
  const seen = new Set<string>()
  const packages = new Map<string, string>()
  const queue = options.entries.map((entry) => join(options.root, entry))
  while (queue.length > 0) {
    const file = queue.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    for (const specifier of specifiers(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('node:')) continue
      if (specifier.startsWith('.')) {
        const target = join(dirname(file), specifier)
        if (!existsSync(target))
          throw new Error(`${relative(options.root, file)} imports missing ${specifier}`)
        queue.push(target)
        continue
      }
      const name = packageName(specifier)
      if (options.workspaces.has(name))
        queue.push(workspaceEntry(options.root, name, options.workspaces))
      else if (!packages.has(name)) packages.set(name, relative(options.root, file))
    }
  }
  return { files: [...seen].map((file) => relative(options.root, file)), packages }
}
