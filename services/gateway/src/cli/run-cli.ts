import { parseArgs } from 'node:util'
import { AdminApiError, createAdminApiClient, GatewayUnreachableError } from './admin-api-client.ts'
import type { AdminAnswer, AdminApiClient, QuotaReport } from './admin-api-client.ts'
import { formatTable } from './format-table.ts'

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
  fetch?: typeof fetch
}

export const USAGE = `Usage: cms <command> [options]

  cms website create <name>
  cms website list
  cms website rename <websiteId> <name>
  cms website delete <websiteId>
  cms website quotas <websiteId>
  cms website set-quota <websiteId> <quota> <value|default>
  cms website export <websiteId> > site.ndjson
  cms website import <name> < site.ndjson
  cms website purge-status <websiteId>
  cms key create --website <id> --scope <read|admin> [--name <name>] [--per-minute N] [--per-day N]
  cms key list --website <id>
  cms key revoke --website <id> <keyId>

Options:
  --json     print the admin API's JSON answer exactly
  -h, --help show this help

Environment: CMS_URL (default http://127.0.0.1:8080), CMS_ADMIN_TOKEN (required).
`

class UsageError extends Error {}

const OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  website: { type: 'string' },
  scope: { type: 'string' },
  name: { type: 'string' },
  'per-minute': { type: 'string' },
  'per-day': { type: 'string' },
} as const

type Values = {
  [K in keyof typeof OPTIONS]?: (typeof OPTIONS)[K]['type'] extends 'boolean' ? boolean : string
}

interface Command {
  /** Positionals after the command words. */
  args: readonly string[]
  options: readonly (keyof Values)[]
  run(
    client: AdminApiClient,
    args: readonly string[],
    values: Values,
    io: CliIo,
  ): Promise<{ answer: AdminAnswer<unknown>; human: string }>
}

function positiveInteger(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined
  if (!/^[1-9]\d*$/.test(value))
    throw new UsageError(`--${option} must be a positive integer, not "${value}"`)
  return Number(value)
}

/** One row per quota: what the website uses against its limit, and where the limit comes from. */
function quotaTable(report: QuotaReport): string {
  const rows = Object.entries(report.quotas).map(([name, line]) => [
    name,
    line.usage === null ? '?' : String(line.usage),
    String(line.limit),
    line.override === null ? 'default' : `override (default ${line.default})`,
  ])
  return formatTable(['QUOTA', 'USAGE', 'LIMIT', 'SOURCE'], rows)
}

function quotaValue(value: string): number | null {
  if (value === 'default') return null
  if (!/^\d+$/.test(value))
    throw new UsageError(`a quota is a whole number or "default", not "${value}"`)
  return Number(value)
}

function required(value: string | undefined, option: string): string {
  if (value === undefined || value === '') throw new UsageError(`--${option} is required`)
  return value
}

const COMMANDS: Readonly<Record<string, Command>> = {
  'website create': {
    args: ['name'],
    options: [],
    async run(client, [name]) {
      const answer = await client.createWebsite(name!)
      return { answer, human: `Created website "${answer.body.name}" (${answer.body.id})\n` }
    },
  },
  'website list': {
    args: [],
    options: [],
    async run(client) {
      const answer = await client.listWebsites()
      const rows = answer.body.docs.map((site) => [site.id, site.createdAt, site.name])
      return {
        answer,
        human:
          rows.length === 0 ? 'No websites yet.\n' : formatTable(['ID', 'CREATED', 'NAME'], rows),
      }
    },
  },
  'website rename': {
    args: ['websiteId', 'name'],
    options: [],
    async run(client, [id, name]) {
      const answer = await client.renameWebsite(id!, name!)
      return { answer, human: `Renamed website ${answer.body.id} to "${answer.body.name}"\n` }
    },
  },
  'website delete': {
    args: ['websiteId'],
    options: [],
    async run(client, [id]) {
      const answer = await client.deleteWebsite(id!)
      return {
        answer,
        human:
          `Deleted website ${id} and revoked its keys; its data is being removed ` +
          `(cms website purge-status ${id})\n`,
      }
    },
  },
  'website quotas': {
    args: ['websiteId'],
    options: [],
    async run(client, [id]) {
      const answer = await client.getQuotas(id!)
      return { answer, human: quotaTable(answer.body) }
    },
  },
  'website set-quota': {
    args: ['websiteId', 'quota', 'value'],
    options: [],
    async run(client, [id, quota, value]) {
      const answer = await client.changeQuotas(id!, { [quota!]: quotaValue(value!) })
      return { answer, human: quotaTable(answer.body) }
    },
  },
  'website export': {
    args: ['websiteId'],
    options: [],
    async run(client, [id], _values, io) {
      await writeExport(await client.exportWebsite(id!), io)
      return { answer: { status: 200, body: undefined, text: '' }, human: '' }
    },
  },
  'website import': {
    args: ['name'],
    options: [],
    async run(client, [name], _values, io) {
      if (!io.stdin || io.stdin.isTTY)
        throw new UsageError('pipe an export in: cms website import <name> < site.ndjson')
      const answer = await client.importWebsite(name!, io.stdin)
      const { website, imported, webhookSecrets = [] } = answer.body
      const records = Object.values(imported)
        .flatMap((counts) => Object.values(counts))
        .reduce((sum, count) => sum + count, 0)
      const secrets = webhookSecrets.map(
        (hook) => `  webhook ${hook.id} ("${hook.name}"): ${hook.secret}\n`,
      )
      return {
        answer,
        human:
          `Imported website "${website.name}" (${website.id}) from ${website.importedFrom}: ${records} records\n` +
          (secrets.length === 0
            ? ''
            : 'New webhook signing secrets (shown only now; give them to the receivers):\n' +
              secrets.join('')),
      }
    },
  },
  'website purge-status': {
    args: ['websiteId'],
    options: [],
    async run(client, [id]) {
      const answer = await client.purgeStatus(id!)
      const purge = answer.body
      const rows = purge.services.map((step) => [
        step.service,
        step.state,
        Object.entries(step.removed)
          .map(([collection, count]) => `${collection} ${count}`)
          .join(', ') || '-',
        step.lastError ?? '',
      ])
      return {
        answer,
        human:
          `Purge of website ${purge.websiteId} ("${purge.name}", ${purge.reason}): ${purge.state}, ` +
          `${purge.removed} records removed\n` +
          formatTable(['SERVICE', 'STATE', 'REMOVED', 'LAST ERROR'], rows),
      }
    },
  },
  'key create': {
    args: [],
    options: ['website', 'scope', 'name', 'per-minute', 'per-day'],
    async run(client, _args, values) {
      const perMinute = positiveInteger(values['per-minute'], 'per-minute')
      const perDay = positiveInteger(values['per-day'], 'per-day')
      const rateLimit =
        perMinute === undefined && perDay === undefined ? undefined : { perMinute, perDay }
      const answer = await client.createKey(required(values.website, 'website'), {
        scope: required(values.scope, 'scope'),
        ...(values.name === undefined ? {} : { name: values.name }),
        ...(rateLimit ? { rateLimit } : {}),
      })
      const key = answer.body
      return {
        answer,
        human:
          `Created ${key.scope} key "${key.name}" (${key.id})\n` +
          `Rate limit: ${key.rateLimit.perMinute}/minute, ${key.rateLimit.perDay}/day\n` +
          `Key (shown only now, store it safely): ${key.key}\n`,
      }
    },
  },
  'key list': {
    args: [],
    options: ['website'],
    async run(client, _args, values) {
      const answer = await client.listKeys(required(values.website, 'website'))
      const rows = answer.body.docs.map((key) => [
        key.id,
        `${key.prefix}...`,
        key.scope,
        `${key.rateLimit.perMinute}/min ${key.rateLimit.perDay}/day`,
        key.revokedAt ? `revoked ${key.revokedAt}` : 'active',
        key.name,
      ])
      const header = ['ID', 'PREFIX', 'SCOPE', 'RATE LIMIT', 'STATUS', 'NAME']
      return { answer, human: rows.length === 0 ? 'No keys yet.\n' : formatTable(header, rows) }
    },
  },
  'key revoke': {
    args: ['keyId'],
    options: ['website'],
    async run(client, [keyId], values) {
      const answer = await client.revokeKey(required(values.website, 'website'), keyId!)
      return { answer, human: `Revoked key ${keyId}\n` }
    },
  },
}

function parse(
  argv: readonly string[],
): { command: Command; args: string[]; values: Values } | 'help' {
  let parsed
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true })
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0]!)
  }
  const values = parsed.values as Values
  const [group, action, ...args] = parsed.positionals
  if (values.help || group === undefined || group === 'help') return 'help'
  const name = `${group} ${action ?? ''}`.trim()
  const command = COMMANDS[name]
  if (!command) throw new UsageError(`unknown command "${name}"`)
  if (args.length !== command.args.length) {
    const expected = command.args.map((arg) => `<${arg}>`).join(' ')
    throw new UsageError(`"cms ${name}" takes ${expected || 'no arguments'}`)
  }
  const extra = Object.keys(values).filter(
    (option) => option !== 'json' && !command.options.includes(option as keyof Values),
  )
  if (extra.length > 0) throw new UsageError(`"cms ${name}" does not take --${extra[0]}`)
  return { command, args, values }
}

function describe(error: AdminApiError): string {
  const details = error.details
    .map((detail) => `${detail.path || '(body)'}: ${detail.message}`)
    .join('; ')
  return `${error.message} (${error.status} ${error.code})${details ? `: ${details}` : ''}`
}

/** Runs one `cms` invocation; gives the exit code (0 ok, 1 the API or gateway failed, 2 usage). */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse(argv)
  } catch (error) {
    io.stderr.write(`cms: ${(error as Error).message} (see cms --help)\n`)
    return 2
  }
  if (parsed === 'help') {
    io.stdout.write(USAGE)
    return 0
  }
  const token = io.env.CMS_ADMIN_TOKEN
  if (!token) {
    io.stderr.write('cms: CMS_ADMIN_TOKEN is not set (the platform admin token of the gateway)\n')
    return 2
  }
  const baseUrl = io.env.CMS_URL || 'http://127.0.0.1:8080'
  const client = createAdminApiClient({ baseUrl, token, ...(io.fetch ? { fetch: io.fetch } : {}) })
  try {
    const { answer, human } = await parsed.command.run(client, parsed.args, parsed.values, io)
    if (!parsed.values.json) io.stdout.write(human)
    else if (answer.text !== '') io.stdout.write(`${answer.text}\n`)
    return 0
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`cms: ${error.message} (see cms --help)\n`)
      return 2
    }
    if (error instanceof AdminApiError) io.stderr.write(`cms: ${describe(error)}\n`)
    else if (error instanceof GatewayUnreachableError || error instanceof ExportCutShortError)
      io.stderr.write(`cms: ${error.message}\n`)
    else io.stderr.write(`cms: unexpected error: ${(error as Error).message}\n`)
    return 1
  }
}

class ExportCutShortError extends Error {}

/**
 * Copies an export to stdout as it arrives, waiting whenever stdout is full; an export that
 * does not end with its end line was cut short on the way (the importer would refuse it).
 */
async function writeExport(chunks: AsyncIterable<Uint8Array>, io: CliIo): Promise<void> {
  let tail = ''
  const decoder = new TextDecoder()
  try {
    for await (const chunk of chunks) {
      tail = (tail + decoder.decode(chunk, { stream: true })).slice(-512)
      if (io.stdout.write(chunk) === false && io.stdout.once)
        await new Promise<void>((resolve) => io.stdout.once!('drain', resolve))
    }
  } catch (error) {
    throw new ExportCutShortError(`the export was cut short: ${(error as Error).message}`)
  }
  const last = tail.trimEnd().split('\n').at(-1) ?? ''
  if (!/^\{"end":true,/.test(last))
    throw new ExportCutShortError('the export was cut short (it has no end line); export again')
}
