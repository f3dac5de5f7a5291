import type { Person } from '@cms/client'
import { CliError, confirmed, positiveInteger, required } from './cli-command.ts'
import type { Command } from './cli-command.ts'
import { formatTable } from './format-table.ts'
import { accessText, membershipsOf, websiteNamesOf } from './membership-options.ts'
import { personOf } from './person-reference.ts'

const statusOf = (person: Person) => (person.disabled ? 'disabled' : 'active')

/** `cms person disable|enable <email>`: a disabled person is signed out everywhere at once. */
const switchCommand = (disabled: boolean): Command => ({
  args: ['email'],
  options: [],
  summary: disabled
    ? 'Disables a person: their sessions end at once and their tokens stop working.'
    : 'Enables a disabled person again; they sign in anew.',
  async run({ admin, args: [email] }) {
    const person = await admin.people.update((await personOf(admin, email!)).id, { disabled })
    return { json: person, human: `${disabled ? 'Disabled' : 'Enabled'} ${person.email}\n` }
  },
})

export const PERSON_COMMANDS: Readonly<Record<string, Command>> = {
  'person list': {
    args: [],
    options: [],
    summary: 'Lists the people of the installation with their roles per website.',
    async run({ admin }) {
      const list = await admin.people.list()
      const names = await websiteNamesOf(admin, list.docs)
      const rows = list.docs.map((person) => [
        person.email,
        person.name,
        accessText(person, names),
        statusOf(person),
        person.id,
      ])
      return {
        json: list,
        human:
          rows.length === 0
            ? 'No people yet.\n'
            : formatTable(['EMAIL', 'NAME', 'ACCESS', 'STATUS', 'ID'], rows),
      }
    },
  },
  'person add': {
    args: ['email'],
    options: ['name', 'operator', 'website', 'role', 'types'],
    requiredOptions: ['name'],
    summary:
      'Adds a person (optionally an operator, or with a role on one website); they set a ' +
      'password through "cms person reset-link" or sign in through a provider.',
    async run(context) {
      const { admin, args, values } = context
      const person = await admin.people.create({
        email: args[0]!,
        name: required(values.name, 'name'),
        ...(values.operator && { operator: true }),
        ...(await membershipsOf(context)),
      })
      return {
        json: person,
        human:
          `Added ${person.email} (${person.id})\n` +
          `Set a password: cms person reset-link ${person.email}\n`,
      }
    },
  },
  'person invite': {
    args: ['email'],
    options: ['operator', 'website', 'role', 'types', 'expires-in'],
    summary: 'Invites an email by a link that expires; the link is shown only now.',
    async run(context) {
      const { admin, args, values } = context
      const hours = positiveInteger(values['expires-in'], 'expires-in')
      const invitation = await admin.invitations.create({
        email: args[0]!,
        ...(values.operator && { operator: true }),
        ...(await membershipsOf(context)),
        ...(hours !== undefined && { expiresInHours: hours }),
      })
      return {
        json: invitation,
        human:
          `Invited ${invitation.email} (${invitation.id}) until ${invitation.expiresAt}\n` +
          `Invitation link (shown only now): ${invitation.link}\n`,
      }
    },
  },
  'person disable': switchCommand(true),
  'person enable': switchCommand(false),
  'person remove': {
    args: ['email'],
    options: ['yes'],
    summary:
      'Removes a person, their sessions and personal tokens. Asks first unless --yes is given ' +
      '(without a terminal, --yes is required).',
    async run(context) {
      const { admin, args } = context
      const person = await personOf(admin, args[0]!)
      const sure = await confirmed(
        context,
        'person remove',
        async () => `Remove ${person.email} (${person.name}) and sign them out everywhere?`,
      )
      if (!sure) throw new CliError('NOT_CONFIRMED', `${person.email} was not removed`)
      await admin.people.remove(person.id)
      return { human: `Removed ${person.email}\n` }
    },
  },
  'person reset-link': {
    args: ['email'],
    options: [],
    summary:
      'Prints a one-time link that sets a new password for the person (no mail server needed).',
    async run({ admin, args: [email] }) {
      const person = await personOf(admin, email!)
      const reset = await admin.people.passwordReset(person.id)
      return {
        json: reset,
        human:
          `Password reset link for ${person.email} (works once, until ${reset.expiresAt}):\n` +
          `${reset.link}\n`,
      }
    },
  },
}
