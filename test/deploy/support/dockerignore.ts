/**
 * Docker's .dockerignore rules: patterns relative to the context root with `*`, `?` and `**`;
 * a path is excluded when it or one of its parent directories matches; `!` re-includes; the
 * last matching pattern wins.
 */
interface Rule {
  negated: boolean
  pattern: RegExp
}

function toRegExp(pattern: string): RegExp {
  let source = ''
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!
    if (char === '*' && pattern[i + 1] === '*') {
      const slash = pattern[i + 2] === '/'
      source += slash ? '(?:.*/)?' : '.*'
      i += slash ? 2 : 1
    } else if (char === '*') source += '[^/]*'
    else if (char === '?') source += '[^/]'
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&')
  }
  return new RegExp(`^${source}$`)
}

export function parseDockerignore(text: string): Rule[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const negated = line.startsWith('!')
      const pattern = (negated ? line.slice(1) : line).replace(/^\/+/, '').replace(/\/+$/, '')
      return { negated, pattern: toRegExp(pattern) }
    })
}

/** Whether the file at `path` (relative to the context, `/`-separated) is sent to the builder. */
export function inContext(rules: readonly Rule[], path: string): boolean {
  const parts = path.split('/')
  const candidates = parts.map((_, index) => parts.slice(0, index + 1).join('/'))
  let excluded = false
  for (const rule of rules) {
    if (candidates.some((candidate) => rule.pattern.test(candidate))) excluded = !rule.negated
  }
  return !excluded
}
