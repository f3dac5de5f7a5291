import { queryString, segment } from './query-string.ts'
import type { CallOptions, Transport } from './transport.ts'
import type {
  CmsDocument,
  DocumentChange,
  DocumentData,
  DocumentInput,
  DocumentVersion,
  Schedule,
  ScheduleInput,
} from './types/document.ts'
import type { Page } from './types/list.ts'
import type { ContentQuery, PageQuery, ReadQuery } from './types/query.ts'

/** Writes take `locale`; PATCH also `draft` (a pending draft) and `discardDraft`. */
export interface WriteQuery {
  locale?: string
}
export interface ChangeQuery extends WriteQuery {
  /** Save as the pending draft of a published document. */
  draft?: boolean
  /** Make a live change although a draft is pending, dropping the draft. */
  discardDraft?: boolean
}

const flags = (query: ChangeQuery | undefined) =>
  queryString({
    ...(query?.locale ? { locale: query.locale } : {}),
    ...(query?.draft ? { draft: true } : {}),
    ...(query?.discardDraft ? { discardDraft: 'true' } : {}),
  })

/** `/api/content`: documents, drafts, publishing, schedules, versions and referrers. */
export function contentApi(transport: Transport) {
  const body = async <T>(promise: Promise<{ body: T }>): Promise<T> => (await promise).body
  const at = (id: string, rest = '') => `/api/content/${segment(id)}${rest}`
  return {
    list: <D = DocumentData>(query?: ContentQuery, options?: CallOptions) =>
      body(
        transport.request<Page<CmsDocument<D>>>({
          method: 'GET',
          path: `/api/content${queryString(query)}`,
          ...options,
        }),
      ),
    get: <D = DocumentData>(id: string, query?: ReadQuery, options?: CallOptions) =>
      body(
        transport.request<CmsDocument<D>>({
          method: 'GET',
          path: at(id, queryString(query)),
          ...options,
        }),
      ),
    getBySlug: <D = DocumentData>(
      type: string,
      slug: string,
      query?: ReadQuery,
      options?: CallOptions,
    ) =>
      body(
        transport.request<CmsDocument<D>>({
          method: 'GET',
          path: `/api/content/by-slug/${segment(type)}/${segment(slug)}${queryString(query)}`,
          ...options,
        }),
      ),
    create: <D = DocumentData>(
      input: DocumentInput<D>,
      query?: WriteQuery,
      options?: CallOptions,
    ) =>
      body(
        transport.request<CmsDocument<D>>({
          method: 'POST',
          path: `/api/content${flags(query)}`,
          json: input,
          keyed: true,
          ...options,
        }),
      ),
    update: <D = DocumentData>(
      id: string,
      change: DocumentChange<D>,
      query?: ChangeQuery,
      options?: CallOptions,
    ) =>
      body(
        transport.request<CmsDocument<D>>({
          method: 'PATCH',
          path: at(id, flags(query)),
          json: change,
          keyed: true,
          ...options,
        }),
      ),
    /** `force` deletes a document other documents name. */
    delete: async (id: string, query?: { force?: boolean }, options?: CallOptions) => {
      await transport.request({
        method: 'DELETE',
        path: at(id, query?.force ? '?force=true' : ''),
        keyed: true,
        ...options,
      })
    },
    publish: <D = DocumentData>(id: string, options?: CallOptions) =>
      body(
        transport.request<CmsDocument<D>>({
          method: 'POST',
          path: at(id, '/publish'),
          keyed: true,
          ...options,
        }),
      ),
    unpublish: <D = DocumentData>(id: string, options?: CallOptions) =>
      body(
        transport.request<CmsDocument<D>>({
          method: 'POST',
          path: at(id, '/unpublish'),
          keyed: true,
          ...options,
        }),
      ),
    /** Drops the pending draft of a published document. */
    discardDraft: <D = DocumentData>(id: string, options?: CallOptions) =>
      body(
        transport.request<CmsDocument<D>>({
          method: 'DELETE',
          path: at(id, '/draft'),
          keyed: true,
          ...options,
        }),
      ),
    versions: <D = DocumentData>(id: string, query?: PageQuery, options?: CallOptions) =>
      body(
        transport.request<Page<DocumentVersion<D>>>({
          method: 'GET',
          path: at(id, `/versions${queryString(query)}`),
          ...options,
        }),
      ),
    /**
     * `versionId` is `<documentId>:<version>` or the bare version number; `discardDraft` restores
     * over a pending draft (dropping it), which is 409 otherwise.
     */
    restore: <D = DocumentData>(
      id: string,
      versionId: string | number,
      options: CallOptions & Pick<ChangeQuery, 'discardDraft'> = {},
    ) => {
      const { discardDraft, ...call } = options
      return body(
        transport.request<CmsDocument<D>>({
          method: 'POST',
          path: at(id, `/restore/${segment(versionId)}${flags({ discardDraft })}`),
          keyed: true,
          ...call,
        }),
      )
    },
    referencedBy: (id: string, query?: PageQuery, options?: CallOptions) =>
      body(
        transport.request<Page<CmsDocument>>({
          method: 'GET',
          path: at(id, `/referenced-by${queryString(query)}`),
          ...options,
        }),
      ),
    schedule: (id: string, input: ScheduleInput, options?: CallOptions) =>
      body(
        transport.request<Schedule>({
          method: 'POST',
          path: at(id, '/schedule'),
          json: input,
          keyed: true,
          ...options,
        }),
      ),
    schedules: (id: string, query?: PageQuery, options?: CallOptions) =>
      body(
        transport.request<Page<Schedule>>({
          method: 'GET',
          path: at(id, `/schedule${queryString(query)}`),
          ...options,
        }),
      ),
    cancelSchedule: async (id: string, scheduleId: string, options?: CallOptions) => {
      await transport.request({
        method: 'DELETE',
        path: at(id, `/schedule/${segment(scheduleId)}`),
        keyed: true,
        ...options,
      })
    },
  }
}

export type ContentApi = ReturnType<typeof contentApi>
