import type { AdminIo, AdminOperations } from '@cms/contract'
import { ConflictError } from '@cms/errors'
import type { EndpointHandlers } from '@cms/http'
import type { PeopleAdmin } from './people-admin.ts'
import { personJson } from './person.ts'
import { publicBase } from './request-person.ts'

type PeopleOperationId =
  | 'listPeople'
  | 'createPerson'
  | 'getPerson'
  | 'updatePerson'
  | 'removePerson'
  | 'createPasswordReset'
  | 'listInvitations'
  | 'createInvitation'
  | 'revokeInvitation'
  | 'createFirstOperatorLink'

/** The admin API's people and invitations (docs/people.md), for `adminRouter`. */
export function peopleAdminRoutes(deps: {
  people: PeopleAdmin
  publicUrl?: string
}): EndpointHandlers<AdminOperations, PeopleOperationId, AdminIo> {
  return {
    listPeople: async (ctx) => {
      ctx.body = { docs: (await deps.people.list()).map(personJson) }
    },
    createPerson: async (ctx) => {
      ctx.status = 201
      ctx.body = personJson(await deps.people.create(ctx.state.input.body))
    },
    getPerson: async (ctx) => {
      ctx.body = personJson(await deps.people.get(ctx.params.personId!))
    },
    updatePerson: async (ctx) => {
      const { personId } = ctx.params
      const body = ctx.state.input.body
      ctx.body = personJson(await deps.people.update(personId!, body, ctx.state.operatorId))
    },
    removePerson: async (ctx) => {
      await deps.people.remove(ctx.params.personId!, ctx.state.operatorId)
      ctx.status = 204
    },
    createPasswordReset: async (ctx) => {
      ctx.status = 201
      ctx.set('Cache-Control', 'no-store')
      ctx.body = await deps.people.passwordReset(
        ctx.params.personId!,
        publicBase(ctx, deps.publicUrl),
      )
    },
    createFirstOperatorLink: async (ctx) => {
      const link = await deps.people.firstOperatorLink(publicBase(ctx, deps.publicUrl))
      if (!link) throw new ConflictError('An operator exists already; ask them for an invitation')
      ctx.status = 201
      ctx.set('Cache-Control', 'no-store')
      ctx.body = link
    },
    listInvitations: async (ctx) => {
      ctx.body = { docs: await deps.people.listInvitations() }
    },
    createInvitation: async (ctx) => {
      ctx.status = 201
      ctx.set('Cache-Control', 'no-store')
      ctx.body = await deps.people.invite(ctx.state.input.body, publicBase(ctx, deps.publicUrl))
    },
    revokeInvitation: async (ctx) => {
      await deps.people.withdraw(ctx.params.invitationId!)
      ctx.status = 204
    },
  }
}
