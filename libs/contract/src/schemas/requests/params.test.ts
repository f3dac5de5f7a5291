import { describe, expect, it } from 'vitest'
import { ADMIN_IO } from '../../admin-io.ts'
import { ACCOUNT_IO } from '../../account-io.ts'
import type { OperationIo } from '../../operation-io.ts'
import { PUBLIC_IO } from '../../public-io.ts'
import { bodyProblems } from '../../validation/validate-body.ts'
import { DocumentPathParams } from './params.ts'

const tables: Readonly<Record<string, OperationIo>>[] = [PUBLIC_IO, ADMIN_IO, ACCOUNT_IO]

describe('the path shapes of the contract', () => {
  it('when an id is a lower-case UUID, then it fits a document path; upper case, braces or other text do not', () => {
    const id = '0b7c6f4e-58a4-4f43-9d59-2a1bb5f0c2de'
    expect(bodyProblems(DocumentPathParams, { id })).toEqual([])
    for (const other of [id.toUpperCase(), `{${id}}`, 'by-slug', '', `${id}x`])
      expect(bodyProblems(DocumentPathParams, { id: other }).length, other).toBeGreaterThan(0)
  })

  it('when an operation declares path parameters, then it names the 404 they mean and its schema compiles under the strict ajv of the API', () => {
    for (const table of tables)
      for (const [id, io] of Object.entries(table)) {
        const { params, notFound } = io.input ?? {}
        if (!params) continue
        expect(notFound, id).toMatch(/\{id\}/)
        expect(() => bodyProblems(params, {}), id).not.toThrow()
      }
  })
})
