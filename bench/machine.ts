import os from 'node:os'
import process from 'node:process'
import type { Db } from 'mongodb'

/** One line naming what the numbers were measured on. */
export async function describeMachine(db: Db): Promise<string> {
  const info = (await db.admin().command({ buildInfo: 1 })) as {
    version?: string
    ferretdbVersion?: string
  }
  const storage = info.ferretdbVersion
    ? `FerretDB ${info.ferretdbVersion} (SQLite)`
    : `MongoDB ${info.version ?? '?'}`
  const cpus = os.cpus()
  const memoryGb = Math.round(os.totalmem() / 1024 ** 3)
  return (
    `${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${memoryGb} GB RAM, ` +
    `${os.type()} ${os.release()}, Node ${process.version}, ${storage}`
  )
}
