import { KEY_SCOPES } from '@cms/client'
import type { KeyScope } from '@cms/client'
import { positiveInteger, required, UsageError } from './cli-command.ts'
import type { Command } from './cli-command.ts'
import { formatTable } from './format-table.ts'

function scopeOf(value: string): KeyScope {
  if (!(KEY_SCOPES as readonly string[]).includes(value))
    throw new UsageError(`--scope is read or admin, not "${value}"`)
  return value as KeyScope
}

export const KEY_COMMANDS: Readonly<Record<string, Command>> = {
  'key create': {
    args: [],
    options: ['website', 'scope', 'name', 'per-minute', 'per-day'],
    requiredOptions: ['website', 'scope'],
    summary: 'Creates an API key for a website; the key is shown only in this answer.',
    async run({ admin, values, websiteId }) {
      const perMinute = positiveInteger(values['per-minute'], 'per-minute')
      const perDay = positiveInteger(values['per-day'], 'per-day')
      const rateLimit = {
        ...(perMinute === undefined ? {} : { perMinute }),
        ...(perDay === undefined ? {} : { perDay }),
      }
      const website = required(values.website, 'website')
      const scope = scopeOf(required(values.scope, 'scope'))
      const key = await admin.keys.create(await websiteId(website), {
        scope,
        ...(values.name === undefined ? {} : { name: values.name }),
        ...(Object.keys(rateLimit).length === 0 ? {} : { rateLimit }),
      })
      return {
        json: key,
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
    requiredOptions: ['website'],
    summary: "Lists a website's keys by prefix, revoked ones included.",
    async run({ admin, values, websiteId }) {
      const list = await admin.keys.list(await websiteId(required(values.website, 'website')))
      const rows = list.docs.map((key) => [
        key.id,
        `${key.prefix}...`,
        key.scope,
        `${key.rateLimit.perMinute}/min ${key.rateLimit.perDay}/day`,
        key.revokedAt ? `revoked ${key.revokedAt}` : 'active',
        key.name,
      ])
      const header = ['ID', 'PREFIX', 'SCOPE', 'RATE LIMIT', 'STATUS', 'NAME']
      return {
        json: list,
        human: rows.length === 0 ? 'No keys yet.\n' : formatTable(header, rows),
      }
    },
  },
  'key revoke': {
    args: ['keyId'],
    options: ['website'],
    requiredOptions: ['website'],
    summary: 'Revokes a key; every gateway refuses it within 5 s.',
    async run({ admin, args: [keyId], values, websiteId }) {
      await admin.keys.revoke(await websiteId(required(values.website, 'website')), keyId!)
      return { human: `Revoked key ${keyId}\n` }
    },
  },
}
