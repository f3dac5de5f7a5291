import { Type } from '@sinclair/typebox'
import type { Static } from '@sinclair/typebox'
import { ContentTypeCreateBody } from './content-types.ts'
import { ContentTypeName } from './names.ts'

/** What a content type names and a component has not: a component is only ever a field's value. */
const TYPE_ONLY_MEMBERS = ['slugField', 'titleField', 'localized'] as const

const componentMembers = {
  ...Type.Omit(ContentTypeCreateBody, TYPE_ONLY_MEMBERS).properties,
  name: ContentTypeName('The name of a component; one name space with the content types'),
}

/** POST /api/components: a content type's members less slugField, titleField and localized. */
export const ComponentCreateBody = Type.Object(componentMembers, { additionalProperties: false })
export type ComponentCreateBody = Static<typeof ComponentCreateBody>

/** PATCH /api/components/:name: each member sent replaces the stored one; name cannot change. */
export const ComponentPatchBody = Type.Object(
  { ...componentMembers, name: Type.Optional(componentMembers.name) },
  { additionalProperties: false },
)
export type ComponentPatchBody = Static<typeof ComponentPatchBody>
