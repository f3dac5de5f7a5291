import type { ValidationRule } from 'graphql'
import { limitError } from './limit-error.ts'

const INTROSPECTION_FIELDS = new Set(['__schema', '__type'])

/** Refuses `__schema` and `__type` (introspection switched off); `__typename` stays allowed. */
export const noIntrospectionRule: ValidationRule = (context) => ({
  Field(node) {
    if (!INTROSPECTION_FIELDS.has(node.name.value)) return
    context.reportError(
      limitError({
        code: 'INTROSPECTION_DISABLED',
        message: `Introspection is switched off on this server: ${node.name.value} is refused`,
        nodes: [node],
      }),
    )
  },
})
