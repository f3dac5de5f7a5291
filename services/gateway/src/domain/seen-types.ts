import { typesHeader } from '@cms/http'
import type { Grant } from '@cms/http'

/**
 * What a stored answer's address carries of the call's grant: nothing when the call may see
 * every content type, else `[a,b]`, so an answer made for one key is never served to a key that
 * may see other types (the read cache's entries, the idempotency records).
 */
export const seenTypesOf = (grant: Grant | undefined): string => {
  const types = grant?.types ?? '*'
  return types === '*' ? '' : `[${typesHeader(types)}]`
}
