import type { BulkAction } from '@cms/contract'

/** The actions the list's selection offers, with the words the bar and its dialog use. */
export const LIST_ACTIONS = [
  { action: 'publish', verb: 'Publish', doing: 'Publishing' },
  { action: 'unpublish', verb: 'Unpublish', doing: 'Unpublishing' },
  { action: 'delete', verb: 'Delete', doing: 'Deleting' },
] as const satisfies readonly { action: BulkAction; verb: string; doing: string }[]

export type ListAction = (typeof LIST_ACTIONS)[number]

export const documentsText = (count: number): string => `${count} document${count === 1 ? '' : 's'}`
