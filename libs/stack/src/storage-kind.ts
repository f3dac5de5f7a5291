import { MongoClient } from 'mongodb'

export type StorageKind = 'FerretDB' | 'MongoDB'

/** Which server answers at `url`: FerretDB says so in `buildInfo` (`ferretdbVersion`). */
export async function storageKind(url: string): Promise<StorageKind> {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 5000 })
  try {
    const info = await client.db('admin').command({ buildInfo: 1 })
    return 'ferretdbVersion' in info ? 'FerretDB' : 'MongoDB'
  } finally {
    await client.close().catch(() => undefined)
  }
}
