import type { LocaleListBody } from '@cms/contract'
import { defaultLocaleOf } from '@cms/content-model'
import type { LocaleDefinition } from '@cms/content-model'
import { ConflictError } from '@cms/errors'
import { DEFAULT_WEBSITE_QUOTAS, quotaExceeded } from '@cms/http'
import type { Caller } from '@cms/http'
import type { ContentTypeEvents } from './content-type-events.ts'
import type { ContentUsage } from './content-usage.ts'
import { localeListOf } from './locale-list.ts'
import type { WebsiteTypeIndex } from './website-type-index.ts'
import type { WebsiteTypeLists } from './website-type-lists.ts'

export interface WebsiteLocales {
  get(caller: Caller): Promise<LocaleDefinition[]>
  /** Replaces the list (`PUT /api/locales`); `force` removes locales that documents use. */
  set(
    caller: Caller,
    body: LocaleListBody,
    options: { force: boolean },
  ): Promise<LocaleDefinition[]>
}

/**
 * A website's locales live in its type index record, so a change bumps the revision that other
 * services revalidate types with, and the content service's declarations carry them.
 */
export function createWebsiteLocales(deps: {
  index: WebsiteTypeIndex
  lists: WebsiteTypeLists
  usage: ContentUsage
  events: ContentTypeEvents
}): WebsiteLocales {
  /**
   * Documents of localized types keep the default locale's values in `data`: the default can
   * change only while no such document exists.
   */
  async function requireDefaultChangeable(caller: Caller, from: string, to: string) {
    const { declarations } = await deps.lists.index(caller.websiteId)
    const localizedTypes = Object.keys(declarations).filter((name) =>
      declarations[name]!.some((field) => field.localized),
    )
    for (const name of localizedTypes) {
      if (await deps.usage.isInUse(caller, name))
        throw new ConflictError(
          `The default locale cannot change from ${from} to ${to} while documents of localized content types exist (${name} has some)`,
          { details: [{ path: 'locales', message: `default must stay ${from}` }] },
        )
    }
  }

  return {
    async get(caller) {
      return (await deps.lists.index(caller.websiteId)).locales
    },

    async set(caller, body, { force }) {
      const locales = localeListOf(body)
      const current = (await deps.lists.index(caller.websiteId)).locales
      // A list over a lowered quota may stay or shrink, not grow.
      const limit = (caller.quotas ?? DEFAULT_WEBSITE_QUOTAS).locales
      if (locales.length > limit && locales.length > current.length)
        throw quotaExceeded('locales', limit, locales.length)
      const kept = new Set(locales.map((locale) => locale.code))
      const removed = current.map((locale) => locale.code).filter((code) => !kept.has(code))
      const [from, to] = [defaultLocaleOf(current), defaultLocaleOf(locales)]
      if (from !== to) await requireDefaultChangeable(caller, from, to)
      if (removed.length > 0 && !force) {
        const used = await deps.usage.localesInUse(caller, removed)
        if (used.length > 0)
          throw new ConflictError(
            `Documents have values in ${used.join(', ')}; send ?force=true to remove ${used.length > 1 ? 'them' : 'it'} anyway`,
            { details: used.map((code) => ({ path: 'locales', message: `${code} is in use` })) },
          )
      }
      await deps.index.setLocales(caller.websiteId, locales)
      await deps.events.localesChanged(caller.websiteId)
      return locales
    },
  }
}
