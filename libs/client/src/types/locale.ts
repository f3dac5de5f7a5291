export interface Locale {
  /** A canonical BCP 47 tag (`fr-CA`). */
  code: string
  default?: boolean
  /** Another listed code; without it the default. */
  fallback?: string
}

export interface LocaleList {
  locales: Locale[]
}
