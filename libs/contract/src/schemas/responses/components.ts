import { Type } from '@sinclair/typebox'
import type { Static } from '@sinclair/typebox'
import { ContentType } from './content-types.ts'

/** A component as the schema service answers it: a content type's members less the type-only ones. */
export const Component = Type.Omit(ContentType, ['slugField', 'titleField', 'localized'])
export type Component = Static<typeof Component>
