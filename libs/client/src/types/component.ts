import type { Static } from '@sinclair/typebox'
import type {
  Component as ComponentSchema,
  ComponentCreateBody,
  ComponentPatchBody,
} from '@cms/contract'

/** What `POST /api/components` takes: a content type's members less the type-only ones. */
export type ComponentInput = ComponentCreateBody

/** What `PATCH /api/components/:name` takes: each sent member replaces the stored one. */
export type ComponentChange = ComponentPatchBody

/** A component as the API answers it. */
export type Component = Static<typeof ComponentSchema>
