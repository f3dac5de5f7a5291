import { KEY_SCOPES } from '@cms/client'
import type { CreatedKey, KeyScope, ListedKey } from '@cms/client'
import { positiveInteger, required, typesOf, UsageError } from './cli-command.ts'
import type { Command, Values } from './cli-command.ts'
import { formatTable } from './format-table.ts'

function scopeOf(value: string): NonNullable<KeyScope> {
  if (!(KEY_SCOPES as readonly string[]).includes(value))
    throw new UsageError(`--scope is read or admin, not "${value}"`)
  return value as NonNullable<KeyScope>
}

/** The role (or older scope) a key is created with: exactly one of them. */
function accessOf(values: Values): { role: string } | { scope: NonNullable<KeyScope> } {
  if ((values.role === undefined) === (values.scope === undefined))
    throw new UsageError('key create needs --role (or the older --scope), one of them')
  return values.role === undefined ? { scope: scopeOf(values.scope!) } : { role: values.role }
}

function statusOf(key: ListedKey, now = Date.now()): string {
  if (key.revokedAt) return `revoked ${key.revokedAt}`
  if (key.expiresAt)
    return `${Date.parse(key.expiresAt) <= now ? 'expired' : 'expires'} ${key.expiresAt}`
  return 'active'
}

const createdText = (key: CreatedKey) =>
  `Created ${key.scope ?? key.role} key "${key.name}" (${key.id})\n` +
  `Rate limit: ${key.rateLimit.perMinute}/minute, ${key.rateLimit.perDay}/day\n` +
  `Key (shown only now, store it safely): ${key.key}\n`

export const KEY_COMMANDS: Readonly<Record<string, Command>> = {
  'key create': {
    args: [],
    options: ['website', 'role', 'scope', 'types', 'expires', 'name', 'per-minute', 'per-day'],
    requiredOptions: ['website'],
    summary: 'Creates an API key for a website; the key is shown only in this answer.',
    async run({ admin, values, websiteId }) {
      const perMinute = positiveInteger(values['per-minute'], 'per-minute')
      const perDay = positiveInteger(values['per-day'], 'per-day')
      const rateLimit = {
        ...(perMinute === undefined ? {} : { perMinute }),
        ...(perDay === undefined ? {} : { perDay }),
      }
      const website = required(values.website, 'website')
      const types = typesOf(values.types)
      const key = await admin.keys.create(await websiteId(website), {
        ...accessOf(values),
        ...(types && { types }),
        ...(values.expires !== undefined && { expiresAt: values.expires }),
        ...(values.name === undefined ? {} : { name: values.name }),
        ...(Object.keys(rateLimit).length === 0 ? {} : { rateLimit }),
      })
      return { json: key, human: createdText(key) }
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
        key.types ? `${key.role} (${key.types.join(',')})` : key.role,
        `${key.rateLimit.perMinute}/min ${key.rateLimit.perDay}/day`,
        statusOf(key),
        key.name,
      ])
      const header = ['ID', 'PREFIX', 'ROLE', 'RATE LIMIT', 'STATUS', 'NAME']
      return {
        json: list,
        human: rows.length === 0 ? 'No keys yet.\n' : formatTable(header, rows),
      }
    },
  },
  'key rotate': {
    args: ['keyId'],
    options: ['website', 'grace'],
    requiredOptions: ['website'],
    summary: 'Replaces a key by a new one (shown only now); the old one works --grace seconds.',
    async run({ admin, args: [keyId], values, websiteId }) {
      const grace = values.grace === undefined ? undefined : Number(values.grace)
      if (grace !== undefined && !/^\d+$/.test(values.grace!))
        throw new UsageError(`--grace is a number of seconds, not "${values.grace}"`)
      const key = await admin.keys.rotate(
        await websiteId(required(values.website, 'website')),
        keyId!,
        grace === undefined ? {} : { graceSeconds: grace },
      )
      return {
        json: key,
        human: `${createdText(key)}The old key ${keyId} works until ${key.replaces?.expiresAt}\n`,
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
