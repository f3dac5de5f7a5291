import { Router } from '@koa/router'
import { auditedHandlers, mountOperations } from '@cms/http'
import type { AuditAppender } from '@cms/http'
import type { Components } from '../domain/components.ts'
import type { ContentTypes } from '../domain/content-types.ts'
import { AUDITED_COMPONENTS } from './audited-changes.ts'
import { presentComponent } from './present-component.ts'
import { answerTypeRead } from './type-etag.ts'

/** `/api/components`: thin translations between HTTP and the component use cases; changes audited. */
export function componentRoutes(
  components: Components,
  types: Pick<ContentTypes, 'revision'>,
  audit: AuditAppender,
): Router {
  return mountOperations(
    new Router(),
    auditedHandlers(
      {
        listComponents: async (ctx) => {
          const docs = await components.list(ctx.state.caller)
          ctx.body = { docs: docs.map(presentComponent) }
        },
        createComponent: async (ctx) => {
          const created = await components.create(ctx.state.caller, ctx.request.body)
          ctx.status = 201
          ctx.set('Location', `/api/components/${created.name}`)
          ctx.body = presentComponent(created)
        },
        getComponent: (ctx) =>
          answerTypeRead(ctx, types, async () =>
            presentComponent(await components.get(ctx.state.caller, ctx.params.name)),
          ),
        updateComponent: async (ctx) => {
          ctx.body = presentComponent(
            await components.update(ctx.state.caller, ctx.params.name, ctx.request.body),
          )
        },
        deleteComponent: async (ctx) => {
          await components.remove(ctx.state.caller, ctx.params.name)
          ctx.status = 204
        },
      },
      audit,
      AUDITED_COMPONENTS,
    ),
    // As for types: the definition is checked by its use case, in one 422 with the content
    // model's rules and the website's components and relation targets.
    { checkedLater: ['createComponent', 'updateComponent'] },
  )
}
