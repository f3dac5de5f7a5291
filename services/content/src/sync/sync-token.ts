import { createHmac, timingSafeEqual } from 'node:crypto'
import { ValidationError } from '@cms/errors'

const VERSION = 1

/** What a sync carries from one call to the next (docs/sync.md, "Tokens"). */
export interface SyncPosition {
  websiteId: string
  /** Changes up to this seq are in the caller's copy (the initial sync: will be, after it). */
  seq: number
  /** A page token: the seq the sync goes up to. Absent on a nextSyncToken. */
  upTo?: number
  /** An initial sync's document pages: the last document id answered. */
  after?: string
  /** An initial sync still paging through documents. */
  documents?: true
  type?: string
  locale?: string
  draft?: true
}

interface Wire {
  v: number
  w: string
  s: number
  u?: number
  a?: string
  i?: 1
  t?: string
  l?: string
  d?: 1
}

const refused = () => ValidationError.single('syncToken', 'is not a token this API answered')

/**
 * Opaque tokens: base64url of the position's JSON and an HMAC of it, so a changed token is
 * refused instead of syncing from a place nobody answered.
 */
export function syncTokens(secret: string) {
  const sign = (body: string) =>
    createHmac('sha256', `sync-token\u0000${secret}`).update(body).digest().subarray(0, 18)

  return {
    encode(position: SyncPosition): string {
      const wire: Wire = {
        v: VERSION,
        w: position.websiteId,
        s: position.seq,
        ...(position.upTo !== undefined && { u: position.upTo }),
        ...(position.after !== undefined && { a: position.after }),
        ...(position.documents && { i: 1 as const }),
        ...(position.type !== undefined && { t: position.type }),
        ...(position.locale !== undefined && { l: position.locale }),
        ...(position.draft && { d: 1 as const }),
      }
      const body = Buffer.from(JSON.stringify(wire)).toString('base64url')
      return `${body}.${sign(body).toString('base64url')}`
    },

    /** The position of a token this API answered to the website; else 422. */
    decode(token: string, websiteId: string): SyncPosition {
      const [body = '', signature = ''] = token.split('.')
      // Compared as text: base64url decoding would ignore trailing characters.
      const given = Buffer.from(signature)
      const expected = Buffer.from(sign(body).toString('base64url'))
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused()
      let wire: Wire
      try {
        wire = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Wire
      } catch {
        throw refused()
      }
      if (wire.v !== VERSION || wire.w !== websiteId) throw refused()
      return {
        websiteId: wire.w,
        seq: wire.s,
        ...(wire.u !== undefined && { upTo: wire.u }),
        ...(wire.a !== undefined && { after: wire.a }),
        ...(wire.i && { documents: true as const }),
        ...(wire.t !== undefined && { type: wire.t }),
        ...(wire.l !== undefined && { locale: wire.l }),
        ...(wire.d && { draft: true as const }),
      }
    },
  }
}

export type SyncTokens = ReturnType<typeof syncTokens>
