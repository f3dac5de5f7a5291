import { ValidationError } from '@cms/errors'
import type { Caller } from '@cms/http'
import type { TypeInWebsite } from '../document/content-type-source.ts'
import type { ContentTypeCatalog } from './content-types.ts'

/** Loads a document's current type once per request, however often the change is retried. */
export function typeLoader(
  catalog: ContentTypeCatalog,
  caller: Caller,
): (name: string) => Promise<TypeInWebsite> {
  let loading: Promise<TypeInWebsite> | undefined
  return (name) =>
    (loading ??= catalog.current(caller, name).then((found) => {
      if (!found)
        throw ValidationError.single('type', `The content type "${name}" no longer exists`)
      return found
    }))
}
