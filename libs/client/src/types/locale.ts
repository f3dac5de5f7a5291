/**
 * One locale of a `PUT /api/locales`. Declared here: its schema (@cms/api-schema
 * requests/locales.ts) takes its limit from @cms/content-model, whose index reaches Node-only code.
 */
export interface Locale {
  /** A canonical BCP 47 tag (`fr-CA`). */
  code: string
  default?: boolean
  /** Another listed code; without it the default. */
  fallback?: string | null
}

/** The answer of `/api/locales`. */
export interface LocaleList {
  locales: Locale[]
}
