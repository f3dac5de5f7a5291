import { BSON } from 'mongodb'
import type { Db, Document } from 'mongodb'
import { bodyProblems } from '@cms/contract/validation'
import { ConflictError, ValidationError } from '@cms/errors'
import { isDuplicateKeyError, writeErrorsOf } from '@cms/mongo'
import { parseLine } from './export-format.ts'
import { createImportedKeys, keyText, parentReference, valuesAt } from './imported-keys.ts'
import type { ImportedRecord, ImportHooks, RecordReference } from './import-rules.ts'
import type { NumberedLine } from './ndjson-lines.ts'
import { withOwner } from './owner-paths.ts'
import { importTargets, labelOf } from './website-collection.ts'
import type { ImportNotes, ImportTarget, WebsiteDataPlan } from './website-collection.ts'

export interface ImportResult {
  /** Records inserted, by collection label. */
  imported: Record<string, number>
  notes: ImportNotes
}

/** One insert takes at most this many records, or about this many bytes of export text. */
const RECORDS_PER_INSERT = 500
const BYTES_PER_INSERT = 8 * 1024 * 1024

interface Pending {
  collection: string
  label: string
  uniqueMembers: readonly string[]
  records: Document[]
  lines: number[]
  bytes: number
}

/** A record that names records of a collection later in the export: inserted once they came. */
interface Held {
  target: ImportTarget
  record: Document
  line: number
  bytes: number
  references: readonly RecordReference[]
}

const refused = (line: number, message: string, path = '') =>
  ValidationError.single(path ? `line ${line}: ${path}` : `line ${line}`, message)

const conflict = (line: number, message: string) =>
  new ConflictError(message, { details: [{ path: `line ${line}`, message }] })

/**
 * Inserts the records of an export's lines for this service into `websiteId`, with the new
 * website's id at their owner paths, treating the file as untrusted (docs/lifecycle.md,
 * "Import"): each record must match its collection's schema (422 naming the line), every id it
 * names must be one of a record the same import brings, and its own ids (`_id`, unique members)
 * must not exist in the installation (409 naming it). Records naming a later collection's
 * records are held until those came. Inserts are ordered batches; whatever was inserted before
 * a refusal is the caller's to remove (the gateway purges the new website).
 */
export async function importRecords(
  db: Db,
  plan: WebsiteDataPlan,
  websiteId: string,
  lines: AsyncIterable<NumberedLine>,
  hooks: ImportHooks = {},
): Promise<ImportResult> {
  const targets = importTargets(plan)
  const imported: Record<string, number> = {}
  const notes: ImportNotes = {}
  const keys = createImportedKeys(plan)
  const insertedIds = new Map<string, ImportedRecord[]>()
  const held: Held[] = []
  let pending: Pending | undefined
  let lastOrder = -1

  const refuseTaken = async (batch: Pending) => {
    for (const member of batch.uniqueMembers) {
      const values = batch.records.map((record) => record[member] as unknown)
      const twice = values.findIndex((value, at) => values.indexOf(value) !== at)
      const found =
        twice >= 0
          ? { [member]: values[twice] }
          : await db
              .collection(batch.collection)
              .findOne({ [member]: { $in: values } }, { projection: { _id: 0, [member]: 1 } })
      if (!found) continue
      const at = twice >= 0 ? twice : values.indexOf(found[member])
      throw conflict(
        batch.lines[at] ?? 0,
        `${batch.collection} ${member} ${keyText(found[member])} already exists in this installation`,
      )
    }
  }

  const flush = async () => {
    if (!pending || pending.records.length === 0) return
    const batch = pending
    pending = undefined
    await refuseTaken(batch)
    try {
      await db.collection(batch.collection).insertMany(batch.records, { ordered: true })
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error
      const at = writeErrorsOf(error)[0]?.index ?? 0
      const id = keyText(batch.records[at]?._id)
      throw conflict(
        batch.lines[at] ?? 0,
        `${batch.collection} ${id} already exists in this installation: the export (or part of it) has been imported before`,
      )
    }
    imported[batch.label] = (imported[batch.label] ?? 0) + batch.records.length
    const ids = insertedIds.get(batch.collection) ?? []
    batch.records.forEach((record, at) => ids.push({ id: record._id, line: batch.lines[at] ?? 0 }))
    insertedIds.set(batch.collection, ids)
  }

  const enqueue = async (target: ImportTarget, record: Document, line: number, bytes: number) => {
    const name = (target.dependent ?? target.collection).name
    if (
      pending &&
      (pending.collection !== name ||
        pending.records.length >= RECORDS_PER_INSERT ||
        pending.bytes >= BYTES_PER_INSERT)
    )
      await flush()
    pending ??= {
      collection: name,
      label: labelOf(target.dependent ?? target.collection),
      uniqueMembers: target.dependent ? [] : (target.collection.uniqueMembers ?? []),
      records: [],
      lines: [],
      bytes: 0,
    }
    pending.records.push(record)
    pending.lines.push(line)
    pending.bytes += bytes
  }

  /** The references of `record` that name no record this import brought (yet). */
  const unresolved = (record: Document, references: readonly RecordReference[]) =>
    references.filter((reference) => !keys.has(reference, record))

  for await (const line of lines) {
    const where = line.number
    const parsed = parseLine(line.text, line.number, { record: 'text' })
    if ('end' in parsed) throw refused(where, 'the end line belongs to the whole export')
    if (parsed.service !== plan.service)
      throw refused(where, `a ${parsed.service} record sent to ${plan.service}`)
    const target = targets.get(parsed.collection)
    if (!target)
      throw refused(
        where,
        `the ${plan.service} service imports no collection "${parsed.collection}"`,
      )
    if (target.order < lastOrder)
      throw refused(
        where,
        `a ${parsed.collection} record after records the export writes later (the export's order: ${[...targets.keys()].join(', ')})`,
      )
    lastOrder = target.order
    const { collection, dependent } = target
    const rules = dependent ?? collection
    if (!rules.importSchema) throw new Error(`${plan.service}.${rules.name} has no import schema`)
    const problems = bodyProblems(rules.importSchema, parsed.record)
    if (problems.length > 0)
      throw new ValidationError(
        `Line ${where} is not a ${parsed.collection} record as this installation stores it`,
        problems.map((problem) => ({
          path: `line ${where}: record${problem.path ? `.${problem.path}` : ''}`,
          message: problem.message,
        })),
      )
    const broken = rules.invariant?.(parsed.record)
    if (broken) throw refused(where, broken.message, `record.${broken.path}`)
    let record = BSON.EJSON.deserialize(parsed.record, { relaxed: true }) as Document
    if (dependent) {
      // A dependent hangs off a record this import brought (the parent comes first).
      const parent = parentReference(collection, dependent)
      if (valuesAt(record, parent.path).length === 0 || !keys.has(parent, record))
        throw refused(
          where,
          `${dependent.name} record of a ${collection.name} record this import did not bring`,
        )
    } else {
      const problem = await hooks.admit?.({ collection: collection.name, record })
      if (problem) throw refused(where, problem.message, `record.${problem.path}`)
      if (collection.onImport) record = collection.onImport(record, notes)
      record = withOwner(record, collection, websiteId)
    }
    if (record._id === undefined) throw refused(where, 'the record has no _id')
    keys.add(rules.name, record)
    const missing = unresolved(record, rules.references ?? [])
    const now = missing.find(
      (reference) => targets.get(reference.collection)!.order <= target.order,
    )
    if (now) throw refused(where, keys.missingMessage(now, record), `record.${now.path}`)
    if (missing.length > 0) {
      held.push({ target, record, line: where, bytes: line.text.length, references: missing })
      continue
    }
    await enqueue(target, record, where, line.text.length)
  }
  await flush()
  for (const waiting of held) {
    const [missing] = unresolved(waiting.record, waiting.references)
    if (missing)
      throw refused(
        waiting.line,
        keys.missingMessage(missing, waiting.record),
        `record.${missing.path}`,
      )
    await enqueue(waiting.target, waiting.record, waiting.line, waiting.bytes)
  }
  await flush()
  await hooks.finish?.({ websiteId, imported: insertedIds })
  return { imported, notes }
}
