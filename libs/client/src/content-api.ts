import { PUBLIC_OPERATIONS as API } from '@cms/contract'
import type { BulkDryRun, BulkJob, BulkRequestBody } from '@cms/contract'
import { operationCaller } from './operation-call.ts'
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

/** `/api/content`: documents, drafts, publishing, schedules, versions and referrers. */
export function contentApi(transport: Transport) {
  const call = operationCaller(transport)
  return {
    list: <D = DocumentData>(query?: ContentQuery, options?: CallOptions) =>
      call<Page<CmsDocument<D>>>(API.listDocuments, { query, ...options }),
    get: <D = DocumentData>(id: string, query?: ReadQuery, options?: CallOptions) =>
      call<CmsDocument<D>>(API.getDocument, { params: { id }, query, ...options }),
    getBySlug: <D = DocumentData>(
      type: string,
      slug: string,
      query?: ReadQuery,
      options?: CallOptions,
    ) => call<CmsDocument<D>>(API.getDocumentBySlug, { params: { type, slug }, query, ...options }),
    create: <D = DocumentData>(
      input: DocumentInput<D>,
      query?: WriteQuery,
      options?: CallOptions,
    ) => call<CmsDocument<D>>(API.createDocument, { query, json: input, ...options }),
    update: <D = DocumentData>(
      id: string,
      change: DocumentChange<D>,
      query?: ChangeQuery,
      options?: CallOptions,
    ) =>
      call<CmsDocument<D>>(API.updateDocument, { params: { id }, query, json: change, ...options }),
    /** `force` deletes a document other documents name. */
    delete: async (id: string, query?: { force?: boolean }, options?: CallOptions) => {
      await call(API.deleteDocument, { params: { id }, query, ...options })
    },
    publish: <D = DocumentData>(id: string, options?: CallOptions) =>
      call<CmsDocument<D>>(API.publishDocument, { params: { id }, ...options }),
    unpublish: <D = DocumentData>(id: string, options?: CallOptions) =>
      call<CmsDocument<D>>(API.unpublishDocument, { params: { id }, ...options }),
    /** Drops the pending draft of a published document. */
    discardDraft: <D = DocumentData>(id: string, options?: CallOptions) =>
      call<CmsDocument<D>>(API.discardDraft, { params: { id }, ...options }),
    versions: <D = DocumentData>(id: string, query?: PageQuery, options?: CallOptions) =>
      call<Page<DocumentVersion<D>>>(API.listVersions, { params: { id }, query, ...options }),
    /**
     * `versionId` is `<documentId>:<version>` or the bare version number; `discardDraft` restores
     * over a pending draft (dropping it), which is 409 otherwise.
     */
    restore: <D = DocumentData>(
      id: string,
      versionId: string | number,
      options: CallOptions & Pick<ChangeQuery, 'discardDraft'> = {},
    ) => {
      const { discardDraft, ...rest } = options
      return call<CmsDocument<D>>(API.restoreVersion, {
        params: { id, versionId },
        query: { discardDraft },
        ...rest,
      })
    },
    referencedBy: (id: string, query?: PageQuery, options?: CallOptions) =>
      call<Page<CmsDocument>>(API.listReferrers, { params: { id }, query, ...options }),
    schedule: (id: string, input: ScheduleInput, options?: CallOptions) =>
      call<Schedule>(API.createSchedule, { params: { id }, json: input, ...options }),
    schedules: (id: string, query?: PageQuery, options?: CallOptions) =>
      call<Page<Schedule>>(API.listSchedules, { params: { id }, query, ...options }),
    cancelSchedule: async (id: string, scheduleId: string, options?: CallOptions) => {
      await call(API.cancelSchedule, { params: { id, scheduleId }, ...options })
    },
    /**
     * Publishes, unpublishes, deletes or updates up to 1,000 documents (`ids` or a list `query`):
     * the finished job up to 100 of them, else the running job to poll with `job` (docs/bulk.md).
     */
    bulk: <R extends BulkRequestBody>(request: R, options?: CallOptions) =>
      call<R extends { dryRun: true } ? BulkDryRun : BulkJob>(API.bulkDocuments, {
        json: request,
        ...options,
      }),
    /** A bulk job's state, progress and outcomes so far. */
    job: (id: string, options?: CallOptions) =>
      call<BulkJob>(API.getJob, { params: { id }, ...options }),
  }
}

export type ContentApi = ReturnType<typeof contentApi>
