import type { Db } from 'mongodb'
import { insertUnlessTaken } from '@cms/mongo'

/**
 * A website's visibility switch (docs/releases.md, "Visibility"): `generation` grows by one when
 * a release starts to be applied and again when it is done; `applying` names it meanwhile.
 */
export interface VisibilityMark {
  generation: number
  applying: string | null
}

interface StoredMark extends VisibilityMark {
  _id: string
  websiteId: string
}

/** Who applies a release of the website now: one at a time, so the mark has one writer. */
interface SwitchHolder {
  _id: string
  websiteId: string
  releaseId: string
  createdAt: Date
}

export const NO_RELEASE_APPLIED: VisibilityMark = { generation: 0, applying: null }

export interface VisibilityMarkers {
  /** One read by `_id`: what every public read checks. */
  read(websiteId: string): Promise<VisibilityMark>
  /** Takes the website's switch for the release (an insert), or finds it held for it already. */
  hold(websiteId: string, releaseId: string, now: Date): Promise<boolean>
  /** Marks the release as being applied: from here until `end` public reads wait. */
  begin(websiteId: string, releaseId: string): Promise<void>
  /** Marks it applied and gives the switch up. */
  end(websiteId: string, releaseId: string): Promise<void>
}

export function visibilityMarkers(db: Db): VisibilityMarkers {
  const marks = db.collection<StoredMark>('release_marks')
  const holders = db.collection<SwitchHolder>('release_switches')
  const read = async (websiteId: string): Promise<VisibilityMark> => {
    const mark = await marks.findOne({ _id: websiteId })
    return mark ? { generation: mark.generation, applying: mark.applying } : NO_RELEASE_APPLIED
  }
  // Only the switch's holder writes the mark, so reading it and writing it back loses nothing.
  const write = async (websiteId: string, applying: string | null) => {
    const { generation } = await read(websiteId)
    await marks.replaceOne(
      { _id: websiteId },
      { websiteId, generation: generation + 1, applying },
      { upsert: true },
    )
  }
  return {
    read,
    async hold(websiteId, releaseId, now) {
      if (
        await insertUnlessTaken(holders, { _id: websiteId, websiteId, releaseId, createdAt: now })
      )
        return true
      const holder = await holders.findOne({ _id: websiteId })
      return holder?.releaseId === releaseId
    },
    async begin(websiteId, releaseId) {
      const mark = await read(websiteId)
      if (mark.applying !== releaseId) await write(websiteId, releaseId)
    },
    async end(websiteId, releaseId) {
      const mark = await read(websiteId)
      if (mark.applying === releaseId) await write(websiteId, null)
      await holders.deleteOne({ _id: websiteId, releaseId })
    },
  }
}
