import type { ContentType, LocaleDefinition } from '@cms/content-model'
import type { Caller } from '@cms/http'

/** A type and the website's locales, as writes need them. */
export interface TypeInWebsite {
  type: ContentType
  locales: LocaleDefinition[]
}

/** The website's field declarations and locales, as reads and list queries need them. */
export interface WebsiteModel {
  types: ContentType[]
  locales: LocaleDefinition[]
}

/** A type with the validator it was served with; `unchanged` when the held one is still valid. */
export type SourcedType = (TypeInWebsite & { etag?: string }) | 'unchanged' | undefined

/**
 * Where content types come from: the schema service, asked for the same caller (the port
 * `data/schema-client.ts` implements).
 */
export interface ContentTypeSource {
  /**
   * One whole type, by (website, name). With `etag` (what the held copy came with), answers
   * `unchanged` when no type of the website has changed since, without sending the definition.
   */
  get(caller: Caller, name: string, etag?: string): Promise<SourcedType>
  /**
   * The website's field declarations: each type with its name and its fields' names and types
   * only (no labels, options or bounds), bounded by the website's quotas.
   */
  list(caller: Caller): Promise<WebsiteModel>
}
