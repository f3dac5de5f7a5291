import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { CmsApiError, CmsNetworkError, createCmsAdminClient } from '@cms/client'
import { CliError, OPTION_HELP, OPTIONS, UsageError } from './cli-command.ts'
import type { CliIo, Command, OptionName, Values } from './cli-command.ts'
import { AUDIT_COMMANDS } from './audit-commands.ts'
import { INVITATION_COMMANDS } from './invitation-commands.ts'
import { KEY_COMMANDS } from './key-commands.ts'
import { PERSON_COMMANDS } from './person-commands.ts'
import { ROLE_COMMANDS } from './role-commands.ts'
import { TYPES_COMMAND } from './types-command.ts'
import { websiteIdOf } from './website-reference.ts'
import { WEBSITE_COMMANDS } from './website-commands.ts'

export type { CliIo } from './cli-command.ts'

const COMMANDS: Readonly<Record<string, Command>> = {
  ...WEBSITE_COMMANDS,
  ...KEY_COMMANDS,
  ...ROLE_COMMANDS,
  ...PERSON_COMMANDS,
  ...INVITATION_COMMANDS,
  ...AUDIT_COMMANDS,
  types: TYPES_COMMAND,
}

/** Options every command takes. */
const COMMON: readonly OptionName[] = ['json', 'help', 'token']

export const VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string
  }
).version

function synopsis(name: string, command: Command): string {
  const args = command.args.map((arg) => `<${arg}>`)
  const options = command.options.map((option) => {
    const text = OPTIONS[option].type === 'boolean' ? `--${option}` : `--${option} <${option}>`
    return command.requiredOptions?.includes(option) ? text : `[${text}]`
  })
  return ['cms', name, ...args, ...options].join(' ')
}

export const USAGE = `Usage: cms <command> [options]

${Object.entries(COMMANDS)
  .map(([name, command]) => `  ${synopsis(name, command)}`)
  .join('\n')}

A <website> is a website's id or its name (a name more than one website has is an error).
Run "cms <command> --help" for a command's help.

Options:
  --json         print the admin API's JSON answer exactly; errors as JSON on stderr
  --token <t>    a personal access token (cmsu_...) or the admin token; default CMS_TOKEN
  -h, --help     show this help
  --version      print the version

Environment: CMS_URL (default http://127.0.0.1:8080), CMS_TOKEN (an operator's personal access
token, cmsu_...; CMS_ADMIN_TOKEN, the platform admin token, is read when it is not set).
`

function commandHelp(name: string, command: Command): string {
  const options = [...command.options, ...COMMON]
  const width = Math.max(...options.map((option) => option.length)) + 4
  return (
    `Usage: ${synopsis(name, command)} [--json]\n\n${command.summary}\n\nOptions:\n` +
    options.map((option) => `  --${option.padEnd(width)}${OPTION_HELP[option]}\n`).join('')
  )
}

type Parsed =
  | { kind: 'run'; name: string; command: Command; args: string[]; values: Values }
  | { kind: 'print'; text: string }

function parse(argv: readonly string[]): Parsed {
  let parsed
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true })
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0]!)
  }
  const values = parsed.values as Values
  const [group, ...rest] = parsed.positionals
  if (values.version && group === undefined)
    return {
      kind: 'print',
      text: values.json ? `${JSON.stringify({ version: VERSION })}\n` : `cms ${VERSION}\n`,
    }
  if (group === undefined || group === 'help') return { kind: 'print', text: USAGE }
  const single = COMMANDS[group]
  const name = single ? group : `${group} ${rest[0] ?? ''}`.trim()
  const command = single ?? COMMANDS[name]
  const args = single ? rest : rest.slice(1)
  if (!command) {
    const family = Object.keys(COMMANDS).filter((known) => known.startsWith(`${group} `))
    if (values.help && family.length > 0)
      return {
        kind: 'print',
        text: `Usage:\n${family.map((known) => `  ${synopsis(known, COMMANDS[known]!)}\n`).join('')}`,
      }
    if (values.help) return { kind: 'print', text: USAGE }
    throw new UsageError(`unknown command "${name}"`)
  }
  if (values.help) return { kind: 'print', text: commandHelp(name, command) }
  if (args.length !== command.args.length) {
    const expected = command.args.map((arg) => `<${arg}>`).join(' ')
    throw new UsageError(`"cms ${name}" takes ${expected || 'no arguments'}`)
  }
  const extra = Object.keys(values).filter(
    (option) =>
      !COMMON.includes(option as OptionName) && !command.options.includes(option as OptionName),
  )
  if (extra.length > 0) throw new UsageError(`"cms ${name}" does not take --${extra[0]}`)
  return { kind: 'run', name, command, args, values }
}

interface ErrorReport {
  exitCode: number
  code: string
  message: string
  status?: number
  details?: readonly { path: string; message: string }[]
  requestId?: string
}

function reportOf(error: unknown): ErrorReport {
  if (error instanceof UsageError)
    return { exitCode: 2, code: 'USAGE', message: `${error.message} (see cms --help)` }
  if (error instanceof CmsApiError) {
    const details = error.details
      .map((detail) => `${detail.path || '(body)'}: ${detail.message}`)
      .join('; ')
    return {
      exitCode: 1,
      code: error.code,
      status: error.status,
      message: `${error.message} (${error.status} ${error.code})${details ? `: ${details}` : ''}`,
      ...(error.details.length > 0 ? { details: error.details } : {}),
      ...(error.requestId ? { requestId: error.requestId } : {}),
    }
  }
  if (error instanceof CmsNetworkError)
    return { exitCode: 1, code: 'GATEWAY_UNREACHABLE', message: error.message }
  if (error instanceof CliError)
    return {
      exitCode: 1,
      code: error.code,
      message: error.message,
      ...(error.details.length > 0 ? { details: error.details } : {}),
    }
  return {
    exitCode: 1,
    code: 'UNEXPECTED',
    message: `unexpected error: ${(error as Error).message}`,
  }
}

/** Writes the error as one line for people, or with --json as `{error: {...}}` on stderr. */
function fail(io: CliIo, error: unknown, json: boolean): number {
  const { exitCode, ...report } = reportOf(error)
  if (!json) io.stderr.write(`cms: ${report.message}\n`)
  else {
    const message =
      error instanceof CmsApiError
        ? error.message
        : report.message.replace(/ \(see cms --help\)$/, '')
    io.stderr.write(`${JSON.stringify({ error: { ...report, message } })}\n`)
  }
  return exitCode
}

/** Runs one `cms` invocation; gives the exit code (0 ok, 1 the API or gateway failed, 2 usage). */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const json = argv.includes('--json')
  let parsed: Parsed
  try {
    parsed = parse(argv)
  } catch (error) {
    return fail(io, error, json)
  }
  if (parsed.kind === 'print') {
    io.stdout.write(parsed.text)
    return 0
  }
  const token = parsed.values.token || io.env.CMS_TOKEN || io.env.CMS_ADMIN_TOKEN
  if (!token)
    return fail(
      io,
      new UsageError(
        'no token: set CMS_TOKEN to a personal access token (cmsu_...) or give --token; ' +
          'CMS_ADMIN_TOKEN is not set either',
      ),
      json,
    )
  const admin = createCmsAdminClient({
    baseUrl: io.env.CMS_URL || 'http://127.0.0.1:8080',
    token,
    timeoutMs: 30_000,
    ...(io.fetch ? { fetch: io.fetch } : {}),
  })
  try {
    const result = await parsed.command.run({
      admin,
      args: parsed.args,
      values: parsed.values,
      io,
      websiteId: (reference) => websiteIdOf(admin, reference),
    })
    if (result.raw || !parsed.values.json) io.stdout.write(result.human)
    else if (result.json !== undefined) io.stdout.write(`${JSON.stringify(result.json)}\n`)
    return 0
  } catch (error) {
    return fail(io, error, parsed.values.json === true)
  }
}
