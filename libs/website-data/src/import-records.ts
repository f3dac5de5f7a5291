import { BSON } from 'mongodb'
import type { Db, Document } from 'mongodb'
import { ConflictError, ValidationError } from '@cms/errors'
import { isDuplicateKeyError } from '@cms/mongo'
import { parseLine } from './export-format.ts'
import type { NumberedLine } from './ndjson-lines.ts'
import { withOwner } from './owner-paths.ts'
import { importTargets, labelOf } from './website-collection.ts'
import type { ImportNotes, WebsiteDataPlan } from './website-collection.ts'

export interface ImportResult {
  /** Records inserted, by collection label. */
  imported: Record<string, number>
  notes: ImportNotes
}

/** One insert takes at most this many records, or about this many bytes of export text. */
const RECORDS_PER_INSERT = 500
const BYTES_PER_INSERT = 8 * 1024 * 1024

const keyText = (value: unknown): string =>
  typeof value === 'string' ? value : BSON.EJSON.stringify(value as Document)

interface Pending {
  collection: string
  label: string
  records: Document[]
  lines: number[]
  bytes: number
}

/**
 * Inserts the records of an export's lines for this service into `websiteId`, as they are
 * stored, with the new website's id at their owner paths. Inserts are ordered batches: an id
 * that exists already is a 409 naming it (the export, or part of it, is in this installation);
 * whatever was inserted before is the caller's to remove (the gateway purges the new website).
 */
export async function importRecords(
  db: Db,
  plan: WebsiteDataPlan,
  websiteId: string,
  lines: AsyncIterable<NumberedLine>,
): Promise<ImportResult> {
  const targets = importTargets(plan)
  const imported: Record<string, number> = {}
  const notes: ImportNotes = {}
  /** Parent keys inserted by this import, per dependent: a dependent must hang off one of them. */
  const parentKeys = new Map<string, Set<string>>()
  let pending: Pending | undefined

  const flush = async () => {
    if (!pending || pending.records.length === 0) return
    const batch = pending
    pending = undefined
    try {
      await db.collection(batch.collection).insertMany(batch.records, { ordered: true })
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error
      const index = (error as { writeErrors?: Array<{ index?: number }> }).writeErrors?.[0]?.index
      const at = index ?? 0
      const id = keyText(batch.records[at]?._id)
      const message = `${batch.collection} ${id} already exists in this installation: the export (or part of it) has been imported before`
      throw new ConflictError(message, {
        details: [{ path: `line ${batch.lines[at] ?? '?'}`, message }],
      })
    }
    imported[batch.label] = (imported[batch.label] ?? 0) + batch.records.length
  }

  for await (const line of lines) {
    const parsed = parseLine(line.text, line.number)
    const where = `line ${line.number}`
    if ('end' in parsed)
      throw ValidationError.single(where, 'the end line belongs to the whole export')
    if (parsed.service !== plan.service)
      throw ValidationError.single(where, `a ${parsed.service} record sent to ${plan.service}`)
    const target = targets.get(parsed.collection)
    if (!target)
      throw ValidationError.single(
        where,
        `the ${plan.service} service imports no collection "${parsed.collection}"`,
      )
    const { collection, dependent } = target
    let record = parsed.record
    if (dependent) {
      const parent = record[dependent.foreignKey] as unknown
      if (!parentKeys.get(dependent.name)?.has(keyText(parent)))
        throw ValidationError.single(
          where,
          `${dependent.name} record of a ${collection.name} record this import did not bring`,
        )
    } else {
      if (collection.onImport) record = collection.onImport(record, notes)
      record = withOwner(record, collection, websiteId)
      for (const child of collection.dependents ?? []) {
        const seen = parentKeys.get(child.name) ?? new Set<string>()
        seen.add(keyText(record[child.parentKey]))
        parentKeys.set(child.name, seen)
      }
    }
    if (record._id === undefined) throw ValidationError.single(where, 'the record has no _id')
    if (
      pending &&
      (pending.collection !== parsed.collection ||
        pending.records.length >= RECORDS_PER_INSERT ||
        pending.bytes >= BYTES_PER_INSERT)
    )
      await flush()
    pending ??= {
      collection: parsed.collection,
      label: labelOf(dependent ?? collection),
      records: [],
      lines: [],
      bytes: 0,
    }
    pending.records.push(record)
    pending.lines.push(line.number)
    pending.bytes += line.text.length
  }
  await flush()
  return { imported, notes }
}
