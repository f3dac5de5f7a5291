import { connect, createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { MongoClientClosedError, MongoNetworkError, MongoServerError } from 'mongodb'
import { describe, expect, it } from 'vitest'
import { ServiceUnavailableError } from '@cms/errors'
import { isConnectivityError, isDuplicateKeyError, mongoErrorTranslator } from './driver-errors.ts'

/** The error Node gives a write on a socket whose server has ended it (what the driver lets escape). */
async function writeAfterFinError(): Promise<Error> {
  const server = createServer((socket) => socket.end())
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  try {
    return await new Promise<Error>((resolve) => {
      const socket = connect(port, '127.0.0.1')
      socket.on('error', resolve)
      // Node ends its side just after 'end'; a write after that is refused with EPIPE.
      socket.on('end', () =>
        setImmediate(() => socket.write('x', (error) => error && resolve(error))),
      )
      socket.resume()
    })
  } finally {
    server.close()
  }
}

describe('driver errors', () => {
  it('when the driver reports a lost connection, a socket ended under it or its client closed under the operation, then the translator gives 503', async () => {
    const ended = await writeAfterFinError()
    expect((ended as { code?: string }).code).toBe('EPIPE')
    for (const error of [
      new MongoNetworkError('connection 3 closed'),
      ended,
      new MongoClientClosedError(),
    ]) {
      expect(isConnectivityError(error)).toBe(true)
      expect(mongoErrorTranslator(error)).toBeInstanceOf(ServiceUnavailableError)
    }
  })

  it('when an error is a server answer or a bug, then the translator leaves it (a 500 stays a 500)', () => {
    const server = new MongoServerError({ message: 'bad', code: 2 })
    const bug = new TypeError('x is undefined')
    for (const error of [server, bug, { code: 'EPIPE' }, undefined]) {
      expect(isConnectivityError(error)).toBe(false)
      expect(mongoErrorTranslator(error)).toBeUndefined()
    }
  })

  it("when a unique index refuses a write, then MongoDB's 11000 and FerretDB's SQLite text both count", () => {
    expect(isDuplicateKeyError(new MongoServerError({ message: 'E11000', code: 11000 }))).toBe(true)
    const ferret = new MongoServerError({ message: 'UNIQUE constraint failed: x', code: 1 })
    expect(isDuplicateKeyError(ferret)).toBe(true)
    expect(isDuplicateKeyError(new MongoServerError({ message: 'other', code: 1 }))).toBe(false)
  })
})
