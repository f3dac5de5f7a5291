import type { Role, RoleChange } from '@cms/client'
import { required, UsageError } from './cli-command.ts'
import type { Command, Values } from './cli-command.ts'
import { formatTable } from './format-table.ts'

/** `--permissions` as the JSON object a role takes (the API checks its members). */
function permissionsOf(values: Values): Record<string, unknown> | undefined {
  if (values.permissions === undefined) return undefined
  try {
    const parsed: unknown = JSON.parse(values.permissions)
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      return parsed as Record<string, unknown>
  } catch {
    // reported below
  }
  throw new UsageError('--permissions is a JSON object, e.g. {"read":"*","create":["event"]}')
}

const grants = (role: Role) =>
  Object.entries(role.permissions)
    .map(([name, value]) =>
      value === true ? name : `${name}:${Array.isArray(value) ? value.join('|') : value}`,
    )
    .join(' ')

export const ROLE_COMMANDS: Readonly<Record<string, Command>> = {
  'role list': {
    args: [],
    options: ['website'],
    requiredOptions: ['website'],
    summary: "Lists the roles a website's keys may have: built in, then its own.",
    async run({ admin, values, websiteId }) {
      const list = await admin.roles.list(await websiteId(required(values.website, 'website')))
      const rows = list.docs.map((role) => [
        role.name,
        role.builtIn ? 'built in' : 'own',
        grants(role),
      ])
      return { json: list, human: formatTable(['NAME', 'KIND', 'PERMISSIONS'], rows) }
    },
  },
  'role create': {
    args: ['name'],
    options: ['website', 'permissions', 'description'],
    requiredOptions: ['website', 'permissions'],
    summary: 'Creates a role of the website from its permissions (JSON).',
    async run({ admin, args: [name], values, websiteId }) {
      const role = await admin.roles.create(await websiteId(required(values.website, 'website')), {
        name: name!,
        permissions: permissionsOf(values)!,
        ...(values.description !== undefined && { description: values.description }),
      })
      return { json: role, human: `Created role ${role.name}: ${grants(role)}\n` }
    },
  },
  'role update': {
    args: ['name'],
    options: ['website', 'permissions', 'description'],
    requiredOptions: ['website'],
    summary: "Changes a role's permissions or description; its keys follow within seconds.",
    async run({ admin, args: [name], values, websiteId }) {
      const permissions = permissionsOf(values)
      const change: RoleChange = {
        ...(permissions && { permissions }),
        ...(values.description !== undefined && { description: values.description }),
      }
      const role = await admin.roles.update(
        await websiteId(required(values.website, 'website')),
        name!,
        change,
      )
      return { json: role, human: `Changed role ${role.name}: ${grants(role)}\n` }
    },
  },
  'role delete': {
    args: ['name'],
    options: ['website'],
    requiredOptions: ['website'],
    summary: 'Deletes a role no live key has.',
    async run({ admin, args: [name], values, websiteId }) {
      await admin.roles.delete(await websiteId(required(values.website, 'website')), name!)
      return { human: `Deleted role ${name}\n` }
    },
  },
}
