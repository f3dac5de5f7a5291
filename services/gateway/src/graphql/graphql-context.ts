import type { DocumentLoaders } from './document-loaders.ts'
import type { CallOperation } from './operation-caller.ts'

/** How a root field read its documents; a relation read later reads its documents the same way. */
export interface ReadOptions {
  locale?: string
  draft?: boolean
}

/** What every resolver of one GraphQL request shares. */
export type GraphqlContext = {
  call: CallOperation
  loaders: DocumentLoaders
  /** Each root field's read options, by its response key (alias or name). */
  reads: Map<string, ReadOptions>
  /** A mutation changed content: the gateway's cached REST reads of the website are dropped. */
  contentChanged(): Promise<void>
}

/** The response key of the root field a resolver runs under. */
export function rootKeyOf(path: { key: string | number; prev: unknown }): string {
  let at = path as { key: string | number; prev?: unknown }
  while (at.prev) at = at.prev as typeof at
  return String(at.key)
}
