import type { LocaleDefinitionBody, Locales } from '@cms/api-schema'

/** One locale of a `PUT /api/locales` (derived from @cms/api-schema). */
export type Locale = LocaleDefinitionBody

export type LocaleList = Locales
