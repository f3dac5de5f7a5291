import { BSON } from 'mongodb'
import type { Document } from 'mongodb'
import { ValidationError } from '@cms/errors'

/**
 * A website export is NDJSON (docs/lifecycle.md): a first line naming the website, one line per
 * stored record, and a last line that says the export is complete:
 *
 *   {"format":"cms-website-export","version":1,"exportedAt":"…","website":{id, name, createdAt, quotas?, roles?}}
 *   {"service":"content","collection":"documents","record":{…}}
 *   {"end":true,"records":1234}
 *
 * Records are Extended JSON (relaxed), so dates, binary and ObjectIds come back as they were.
 */
export const EXPORT_FORMAT = 'cms-website-export'
export const EXPORT_VERSION = 1
export const NDJSON_TYPE = 'application/x-ndjson'
/** A GridFS chunk (255 KiB) is about 350 kB in base64; a document at most a few MB. */
export const MAX_LINE_BYTES = 32 * 1024 * 1024

export interface RecordLine {
  service: string
  collection: string
  record: Document
}

export interface EndLine {
  end: true
  records: number
}

export const recordLine = (line: RecordLine): string =>
  `${BSON.EJSON.stringify(line, { relaxed: true })}\n`

export const endLine = (records: number): string =>
  `${JSON.stringify({ end: true, records } satisfies EndLine)}\n`

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Line `number` of an export, read as what it claims to be; anything else is a 422 naming it.
 * `text`: the record is left as the line's JSON (Extended JSON not yet read as BSON values), to
 * be validated as it is written.
 */
export function parseLine(
  text: string,
  number: number,
  options: { record?: 'bson' | 'text' } = {},
): RecordLine | EndLine {
  const where = `line ${number}`
  let parsed: unknown
  try {
    parsed =
      options.record === 'text' ? JSON.parse(text) : BSON.EJSON.parse(text, { relaxed: true })
  } catch (error) {
    throw ValidationError.single(where, `not Extended JSON: ${(error as Error).message}`)
  }
  if (isObject(parsed) && parsed.end === true) {
    if (typeof parsed.records !== 'number')
      throw ValidationError.single(where, 'the end line has no record count')
    return { end: true, records: parsed.records }
  }
  if (
    !isObject(parsed) ||
    typeof parsed.service !== 'string' ||
    typeof parsed.collection !== 'string' ||
    !isObject(parsed.record)
  )
    throw ValidationError.single(where, 'expected {service, collection, record: {...}}')
  return { service: parsed.service, collection: parsed.collection, record: parsed.record }
}

export interface HeaderLine {
  format: typeof EXPORT_FORMAT
  version: typeof EXPORT_VERSION
  exportedAt: string
  website: {
    id: string
    name: string
    createdAt: string
    quotas?: Record<string, number>
    /** The website's own roles, `{name, description?, permissions}` each (docs/lifecycle.md). */
    roles?: unknown[]
  }
}

export const headerLine = (header: Omit<HeaderLine, 'format' | 'version'>): string =>
  `${JSON.stringify({ format: EXPORT_FORMAT, version: EXPORT_VERSION, ...header })}\n`

/** The first line of an export: its format and version, and the website it was taken from. */
export function parseHeader(text: string | undefined): HeaderLine {
  const where = 'line 1'
  let parsed: unknown
  try {
    parsed = JSON.parse(text ?? '')
  } catch {
    throw ValidationError.single(where, `not a website export: the first line is not JSON`)
  }
  if (!isObject(parsed) || parsed.format !== EXPORT_FORMAT)
    throw ValidationError.single(where, `not a website export (format "${EXPORT_FORMAT}")`)
  if (parsed.version !== EXPORT_VERSION)
    throw ValidationError.single(
      where,
      `export version ${String(parsed.version)} is not supported (this installation reads ${EXPORT_VERSION})`,
    )
  const website = parsed.website
  if (
    !isObject(website) ||
    typeof website.id !== 'string' ||
    typeof website.name !== 'string' ||
    typeof website.createdAt !== 'string' ||
    (website.quotas !== undefined && !isObject(website.quotas)) ||
    (website.roles !== undefined && !Array.isArray(website.roles))
  )
    throw ValidationError.single(where, 'the website is not {id, name, createdAt, quotas?, roles?}')
  return parsed as unknown as HeaderLine
}
