import DataLoader from 'dataloader'
import { NotFoundError } from '@cms/errors'
import type { ReadOptions } from './graphql-context.ts'
import type { CallOperation } from './operation-caller.ts'

type Document = Record<string, unknown> & { id: string }

/** The most ids one list call names (the list's `limit` and `$in` both stop at 100). */
const BATCH = 100

/**
 * Documents and media files by id that a populated read did not bring (a mutation's answer, a
 * level past what populate reached): one `filter[id][$in]` list call per batch of ids and read
 * options, so several root fields naming the same author cost one call.
 */
export function createDocumentLoaders(call: CallOperation) {
  const documents = new Map<string, DataLoader<string, Document | null>>()
  const documentsFor = (options: ReadOptions) => {
    const key = `${options.locale ?? ''}|${options.draft === true}`
    let loader = documents.get(key)
    if (!loader) {
      loader = new DataLoader(
        async (ids) => {
          const answer = await call({
            id: 'listDocuments',
            query: {
              filters: { id: { $in: [...ids] } },
              limit: ids.length,
              ...(options.locale && { locale: options.locale }),
              ...(options.draft && { draft: true }),
            },
          })
          const found = new Map(
            (answer.body as { docs: Document[] }).docs.map((doc) => [doc.id, doc]),
          )
          return ids.map((id) => found.get(id) ?? null)
        },
        { maxBatchSize: BATCH },
      )
      documents.set(key, loader)
    }
    return loader
  }
  const media = new DataLoader<string, Document | null>((ids) =>
    Promise.all(
      ids.map((id) =>
        call({ id: 'getMedia', params: { id } }).then(
          (answer) => answer.body as Document,
          (error: unknown) => {
            if (error instanceof NotFoundError || (error as { code?: string }).code === 'NOT_FOUND')
              return null
            throw error
          },
        ),
      ),
    ),
  )
  return {
    document: (id: string, options: ReadOptions) => documentsFor(options).load(id),
    media: (id: string) => media.load(id),
  }
}

export type DocumentLoaders = ReturnType<typeof createDocumentLoaders>
