import type { Command } from './cli-command.ts'
import { formatTable } from './format-table.ts'
import { accessText, websiteNamesOf } from './membership-options.ts'

export const INVITATION_COMMANDS: Readonly<Record<string, Command>> = {
  'invitation list': {
    args: [],
    options: [],
    summary: 'Lists the open invitations (their links are never shown again).',
    async run({ admin }) {
      const list = await admin.invitations.list()
      const names = await websiteNamesOf(admin, list.docs)
      const rows = list.docs.map((invitation) => [
        invitation.id,
        invitation.email,
        accessText(invitation, names),
        invitation.expiresAt,
      ])
      return {
        json: list,
        human:
          rows.length === 0
            ? 'No open invitations.\n'
            : formatTable(['ID', 'EMAIL', 'ACCESS', 'EXPIRES'], rows),
      }
    },
  },
  'invitation revoke': {
    args: ['invitationId'],
    options: [],
    summary: 'Revokes an invitation: its link stops working.',
    async run({ admin, args: [invitationId] }) {
      await admin.invitations.revoke(invitationId!)
      return { human: `Revoked invitation ${invitationId}\n` }
    },
  },
}
