import type { LocaleDefinitionBody, Locales } from '@cms/contract'

/** One locale of a `PUT /api/locales`. */
export type Locale = LocaleDefinitionBody

/** The answer of `/api/locales`. */
export type LocaleList = Locales
