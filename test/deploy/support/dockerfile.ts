/**
 * Enough of a Dockerfile parser to check the images statically: stages, their instructions,
 * global ARG defaults, and exec-form commands.
 */
export interface Instruction {
  keyword: string
  args: string
}

export interface Stage {
  /** The FROM image with global ARG defaults substituted. */
  image: string
  name: string | undefined
  instructions: Instruction[]
}

export interface Dockerfile {
  args: Record<string, string>
  stages: Stage[]
}

function logicalLines(text: string): string[] {
  const lines: string[] = []
  let current = ''
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd()
    if (current === '' && (line.trim() === '' || line.trimStart().startsWith('#'))) continue
    if (current !== '' && line.trimStart().startsWith('#')) continue
    if (line.endsWith('\\')) {
      current += `${line.slice(0, -1)} `
      continue
    }
    lines.push((current + line).trim())
    current = ''
  }
  if (current !== '') lines.push(current.trim())
  return lines
}

export function substitute(text: string, args: Record<string, string>): string {
  return text.replace(/\$\{(\w+)\}|\$(\w+)/g, (whole, braced?: string, bare?: string) => {
    const name = braced ?? bare!
    return args[name] ?? whole
  })
}

export function parseDockerfile(text: string): Dockerfile {
  const args: Record<string, string> = {}
  const stages: Stage[] = []
  for (const line of logicalLines(text)) {
    const space = line.indexOf(' ')
    const keyword = (space === -1 ? line : line.slice(0, space)).toUpperCase()
    const rest = space === -1 ? '' : line.slice(space + 1).trim()
    if (keyword === 'FROM') {
      const [image, as, name] = rest.split(/\s+/)
      stages.push({
        image: substitute(image!, args),
        name: as?.toUpperCase() === 'AS' ? name : undefined,
        instructions: [],
      })
      continue
    }
    if (keyword === 'ARG' && stages.length === 0) {
      const [name, value] = rest.split('=', 2)
      args[name!] = value ?? ''
      continue
    }
    const stage = stages.at(-1)
    if (!stage) throw new Error(`${keyword} before the first FROM`)
    stage.instructions.push({ keyword, args: rest })
  }
  return { args, stages }
}

/** `["a", "b"]` -> ['a', 'b']; a shell-form command is returned as ['/bin/sh', '-c', text]. */
export function execForm(args: string): string[] {
  if (args.startsWith('[')) {
    const parsed: unknown = JSON.parse(args)
    if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === 'string')) {
      throw new Error(`not an exec-form command: ${args}`)
    }
    return parsed
  }
  return ['/bin/sh', '-c', args]
}

export function lastOf(stage: Stage, keyword: string): Instruction | undefined {
  return stage.instructions.filter((instruction) => instruction.keyword === keyword).at(-1)
}

/** The stages a stage is built from (FROM <stage>, COPY --from=<stage>), transitively. */
export function ancestry(file: Dockerfile, stage: Stage): Stage[] {
  const byName = new Map(file.stages.filter((s) => s.name).map((s) => [s.name!, s]))
  const seen: Stage[] = []
  const visit = (current: Stage) => {
    if (seen.includes(current)) return
    seen.push(current)
    const parent = byName.get(current.image)
    if (parent) visit(parent)
    for (const instruction of current.instructions) {
      const from = /--from=(\S+)/.exec(instruction.args)?.[1]
      const source = from === undefined ? undefined : byName.get(from)
      if (instruction.keyword === 'COPY' && source) visit(source)
    }
  }
  visit(stage)
  return seen
}
