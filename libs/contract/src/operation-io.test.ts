import { describe, expect, it } from 'vitest'
import { ADMIN_IO } from './admin-io.ts'
import { isRawBody } from './operation-io.ts'
import type { OperationIo } from './operation-io.ts'
import { PUBLIC_IO } from './public-io.ts'
import { bodyProblems } from './validation/validate-body.ts'

const tables: [string, Readonly<Record<string, OperationIo>>][] = [
  ['public', PUBLIC_IO],
  ['admin', ADMIN_IO],
]

describe("the contract's inputs and answers", () => {
  it('when each JSON body and query an operation declares is compiled by the strict ajv of the API, then it compiles (a body is never a 500) and refuses a non-object', () => {
    for (const [name, table] of tables)
      for (const [id, io] of Object.entries(table)) {
        const { body, query } = io.input ?? {}
        for (const schema of [body, query]) {
          if (!schema || isRawBody(schema)) continue
          expect(() => bodyProblems(schema, []), `${name} ${id}`).not.toThrow()
          expect(bodyProblems(schema, 'text').length, `${name} ${id}`).toBeGreaterThan(0)
        }
      }
  })

  it('when every answer is written as JSON, then it is a schema, a raw body with its media type, or null for none', () => {
    for (const [name, table] of tables)
      for (const [id, io] of Object.entries(table)) {
        expect(Object.keys(io.answer).length, `${name} ${id}`).toBeGreaterThan(0)
        for (const [status, answer] of Object.entries(io.answer)) {
          expect(Number(status), `${name} ${id}`).toBeGreaterThanOrEqual(200)
          if (answer === null) expect(Number(status)).toBe(204)
          else if (isRawBody(answer)) expect(answer.mediaType).toMatch(/^[a-z]+\/[a-z.+-]+$/)
          else expect(JSON.parse(JSON.stringify(answer))).toBeTypeOf('object')
        }
      }
  })
})
