import type { QuotaReport } from '@cms/client'
import { CliError, confirmed, UsageError } from './cli-command.ts'
import type { CliIo, Command } from './cli-command.ts'
import { formatTable } from './format-table.ts'

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

class ExportCutShortError extends CliError {
  constructor(message: string) {
    super('EXPORT_CUT_SHORT', message)
  }
}

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

export const WEBSITE_COMMANDS: Readonly<Record<string, Command>> = {
  'website create': {
    args: ['name'],
    options: [],
    summary: 'Creates a website.',
    async run({ admin, args: [name] }) {
      const site = await admin.websites.create(name!)
      return { json: site, human: `Created website "${site.name}" (${site.id})\n` }
    },
  },
  'website list': {
    args: [],
    options: [],
    summary: 'Lists the websites.',
    async run({ admin }) {
      const list = await admin.websites.list()
      const rows = list.docs.map((site) => [site.id, site.createdAt, site.name])
      return {
        json: list,
        human:
          rows.length === 0 ? 'No websites yet.\n' : formatTable(['ID', 'CREATED', 'NAME'], rows),
      }
    },
  },
  'website rename': {
    args: ['website', 'name'],
    options: [],
    summary: 'Renames a website (named by id or by its current name).',
    async run({ admin, args: [reference, name], websiteId }) {
      const site = await admin.websites.rename(await websiteId(reference!), name!)
      return { json: site, human: `Renamed website ${site.id} to "${site.name}"\n` }
    },
  },
  'website delete': {
    args: ['website'],
    options: ['yes'],
    summary:
      'Deletes a website and revokes its keys; its data is purged in the background. ' +
      'Asks first unless --yes is given (without a terminal, --yes is required).',
    async run({ admin, args: [reference], values, io, websiteId }) {
      const id = await websiteId(reference!)
      const sure = await confirmed({ io, values }, 'website delete', async () => {
        const site = await admin.websites.get(id)
        return `Delete website "${site.name}" (${site.id}) with all its content, media and webhooks?`
      })
      if (!sure) throw new CliError('NOT_CONFIRMED', `website ${id} was not deleted`)
      await admin.websites.delete(id)
      return {
        human:
          `Deleted website ${id} and revoked its keys; its data is being removed ` +
          `(cms website purge-status ${id})\n`,
      }
    },
  },
  'website quotas': {
    args: ['website'],
    options: [],
    summary: "Shows a website's quotas: usage, limit and where the limit comes from.",
    async run({ admin, args: [reference], websiteId }) {
      const report = await admin.quotas.get(await websiteId(reference!))
      return { json: report, human: quotaTable(report) }
    },
  },
  'website set-quota': {
    args: ['website', 'quota', 'value|default'],
    options: [],
    summary: 'Overrides one quota of a website, or gives it back its default.',
    async run({ admin, args: [reference, quota, value], websiteId }) {
      const change = { [quota!]: quotaValue(value!) }
      const report = await admin.quotas.change(await websiteId(reference!), change)
      return { json: report, human: quotaTable(report) }
    },
  },
  'website export': {
    args: ['website'],
    options: [],
    summary: 'Writes a website as NDJSON to stdout: cms website export <website> > site.ndjson',
    async run({ admin, args: [reference], io, websiteId }) {
      const stream = await admin.websites.export(await websiteId(reference!))
      await writeExport(stream as unknown as AsyncIterable<Uint8Array>, io)
      return { human: '' }
    },
  },
  'website import': {
    args: ['name'],
    options: [],
    summary:
      'Imports an export from stdin as a new website: cms website import <name> < site.ndjson',
    async run({ admin, args: [name], io }) {
      if (!io.stdin || io.stdin.isTTY)
        throw new UsageError('pipe an export in: cms website import <name> < site.ndjson')
      const answer = await admin.websites.import(name!, ReadableStream.from(io.stdin))
      const { website, imported, webhookSecrets = [] } = answer
      const records = Object.values(imported)
        .flatMap((counts) => Object.values(counts))
        .reduce((sum, count) => sum + count, 0)
      const secrets = webhookSecrets.map(
        (hook) => `  webhook ${hook.id} ("${hook.name}"): ${hook.secret}\n`,
      )
      return {
        json: answer,
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
    args: ['website'],
    options: [],
    summary: 'Shows the purge of a deleted website (by id), service by service.',
    async run({ admin, args: [reference], websiteId }) {
      const purge = await admin.purges.get(await websiteId(reference!))
      const rows = purge.services.map((step) => [
        step.service,
        step.state,
        Object.entries(step.removed)
          .map(([collection, count]) => `${collection} ${count}`)
          .join(', ') || '-',
        step.lastError ?? '',
      ])
      return {
        json: purge,
        human:
          `Purge of website ${purge.websiteId} ("${purge.name}", ${purge.reason}): ${purge.state}, ` +
          `${purge.removed} records removed\n` +
          formatTable(['SERVICE', 'STATE', 'REMOVED', 'LAST ERROR'], rows),
      }
    },
  },
}
