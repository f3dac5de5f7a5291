import type { Caller } from '@cms/http'

/** Whether documents of a type exist; asked of the content service, never of its database. */
export interface ContentUsage {
  /** Throws ServiceUnavailableError when the answer cannot be had. */
  isInUse(caller: Caller, typeName: string): Promise<boolean>
  /** Which of `codes` some document of the website has values in; throws like isInUse. */
  localesInUse(caller: Caller, codes: readonly string[]): Promise<string[]>
}
