import DataLoader from 'dataloader'
import type { ReadOptions } from './graphql-context.ts'
import type { CallOperation, OperationCall } from './operation-caller.ts'

type Identified = Record<string, unknown> & { id: string }

/** The most ids one list call names (a list's `limit` and `$in` both stop at 100). */
const BATCH = 100

/** A loader that reads a batch of ids with one `filters[id][$in]` call of a list operation. */
function listLoader(
  call: CallOperation,
  id: Extract<OperationCall['id'], 'listDocuments' | 'listMedia'>,
  query: Readonly<Record<string, unknown>>,
) {
  return new DataLoader<string, Identified | null>(
    async (ids) => {
      const answer = await call({
        id,
        query: { ...query, filters: { id: { $in: [...ids] } }, limit: ids.length },
      })
      const found = new Map(
        (answer.body as { docs: Identified[] }).docs.map((doc) => [doc.id, doc]),
      )
      return ids.map((key) => found.get(key) ?? null)
    },
    { maxBatchSize: BATCH },
  )
}

/**
 * Documents and media files by id that a populated read did not bring (a mutation's answer, a
 * level past what populate reached): one list call per batch of ids (and read options), so
 * several fields naming the same author cost one call (docs/graphql.md, "Population").
 */
export function createDocumentLoaders(call: CallOperation) {
  const documents = new Map<string, DataLoader<string, Identified | null>>()
  const media = listLoader(call, 'listMedia', {})
  return {
    document(id: string, options: ReadOptions): Promise<Identified | null> {
      const key = `${options.locale ?? ''}|${options.draft === true}`
      let loader = documents.get(key)
      if (!loader) {
        loader = listLoader(call, 'listDocuments', {
          ...(options.locale && { locale: options.locale }),
          ...(options.draft && { draft: true }),
        })
        documents.set(key, loader)
      }
      return loader.load(id)
    },
    media: (id: string) => media.load(id),
  }
}

export type DocumentLoaders = ReturnType<typeof createDocumentLoaders>
