import type { CmsAdminClient } from '@cms/client'

/** Every option the command line knows; each command lists the ones it takes. */
export const OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
  yes: { type: 'boolean', short: 'y' },
  website: { type: 'string' },
  scope: { type: 'string' },
  role: { type: 'string' },
  types: { type: 'string' },
  expires: { type: 'string' },
  grace: { type: 'string' },
  permissions: { type: 'string' },
  description: { type: 'string' },
  name: { type: 'string' },
  'per-minute': { type: 'string' },
  'per-day': { type: 'string' },
  out: { type: 'string' },
  format: { type: 'string' },
  token: { type: 'string' },
  operator: { type: 'boolean' },
  'expires-in': { type: 'string' },
  head: { type: 'string' },
} as const

export type OptionName = keyof typeof OPTIONS

export type Values = {
  [K in OptionName]?: (typeof OPTIONS)[K]['type'] extends 'boolean' ? boolean : string
}

export const OPTION_HELP: Readonly<Record<OptionName, string>> = {
  json: 'print the admin API JSON (errors as JSON on stderr)',
  help: 'show help (of a command, after it)',
  version: 'print the version',
  yes: 'do not ask for confirmation',
  website: 'a website id or name',
  scope: 'read or admin (the older names of the viewer and owner roles)',
  role: "owner, editor, author, viewer, preview or one of the website's own roles",
  types: 'content types the key is restricted to, comma-separated',
  expires: 'when the key stops working (an ISO 8601 time)',
  grace: 'seconds the old key keeps working after a rotation (default 3600)',
  permissions: 'a role\'s permissions as JSON: {"read":"*","create":["event"],"manageMedia":true}',
  description: 'what a role is for',
  name: 'a name for the key',
  'per-minute': 'requests a minute for the key (default 60)',
  'per-day': 'requests a day for the key (default 10000)',
  out: 'write to this file instead of stdout',
  format: 'ts (TypeScript declarations, the default) or graphql (the GraphQL schema as SDL)',
  token: 'a personal access token (cmsu_...) or the admin token; default CMS_TOKEN',
  operator: 'the person may use the admin API (what the admin token can do)',
  'expires-in': 'hours the invitation link works (default 72)',
  head: 'a head exported earlier, <seq>:<hash>: a chain cut short before it is found',
}

export interface CliIo {
  env: Record<string, string | undefined>
  /** `once('drain')` is waited for when a write is refused (an export into a slow pipe). */
  stdout: {
    write(data: string | Uint8Array): unknown
    once?(event: 'drain', f: () => void): unknown
  }
  stderr: { write(text: string): unknown }
  /** What `website import` reads; a terminal (`isTTY`) is refused. */
  stdin?: AsyncIterable<Uint8Array> & { isTTY?: boolean }
  /** Asks a yes/no question on the terminal; absent when stdin is not a terminal. */
  confirm?: (question: string) => Promise<boolean>
  fetch?: typeof fetch
}

/** A mistake on the command line: exit code 2. */
export class UsageError extends Error {}

/** A refusal of the command itself (not of the API): exit code 1, with a code for `--json`. */
export class CliError extends Error {
  readonly code: string
  readonly details: readonly { path: string; message: string }[]

  constructor(
    code: string,
    message: string,
    details: readonly { path: string; message: string }[] = [],
  ) {
    super(message)
    this.code = code
    this.details = details
  }
}

export interface CommandContext {
  admin: CmsAdminClient
  args: readonly string[]
  values: Values
  io: CliIo
  /** The id of the website a `<website>` argument or `--website` names (an id or a name). */
  websiteId(reference: string): Promise<string>
}

export interface Command {
  /** Positionals after the command words. */
  args: readonly string[]
  options: readonly OptionName[]
  /** The options among `options` that must be given. */
  requiredOptions?: readonly OptionName[]
  summary: string
  /** `json` is printed with --json (nothing when undefined); `raw` output is printed either way. */
  run(context: CommandContext): Promise<{ json?: unknown; human: string; raw?: boolean }>
}

export function positiveInteger(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined
  if (!/^[1-9]\d*$/.test(value))
    throw new UsageError(`--${option} must be a positive integer, not "${value}"`)
  return Number(value)
}

/** `a,b` as a list of content type names. */
export const typesOf = (value: string | undefined): string[] | undefined =>
  value === undefined ? undefined : value.split(',').map((type) => type.trim())

/**
 * Whether a destructive command may go on: --yes, or a yes at the terminal; without a terminal
 * it is a usage error, so a script never deletes by accident or hangs on a question.
 */
export async function confirmed(
  { io, values }: Pick<CommandContext, 'io' | 'values'>,
  command: string,
  question: () => Promise<string>,
): Promise<boolean> {
  if (values.yes) return true
  if (!io.confirm)
    throw new UsageError(`${command} asks for confirmation: add --yes when not at a terminal`)
  return io.confirm(await question())
}

export function required(value: string | undefined, option: string): string {
  if (value === undefined || value === '') throw new UsageError(`--${option} is required`)
  return value
}
