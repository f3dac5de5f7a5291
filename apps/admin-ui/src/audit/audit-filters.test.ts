import { describe, expect, it } from 'vitest'
import { auditQueryOf, readAuditFilters, writeAuditFilters } from './audit-filters.ts'

describe("the audit views' filters", () => {
  it('when filters are written to the hash and read back, then they are the same, blanks and page 1 left out', () => {
    const filters = {
      actor: 'person-1',
      action: 'document.update',
      from: '2026-11-27T13:00',
      to: '',
      page: 3,
    }
    const query = writeAuditFilters(filters)
    expect(query.toString()).toBe(
      'actor=person-1&action=document.update&from=2026-11-27T13%3A00&page=3',
    )
    expect(readAuditFilters(query)).toEqual(filters)
    expect(
      writeAuditFilters({ ...filters, actor: '', action: '', from: '', page: 1 }).toString(),
    ).toBe('')
  })

  it('when the hash holds no page or a bad one, then page 1 is read', () => {
    for (const page of ['', '0', '-2', '1.5', 'two'])
      expect(readAuditFilters(new URLSearchParams({ page })).page).toBe(1)
  })

  it("when filters become the API's query, then times are UTC instants, newest first, 20 a page", () => {
    expect(
      auditQueryOf({
        actor: '',
        action: 'key.create',
        from: '2026-11-27T13:00',
        to: '2026-11-28T00:00:30',
        page: 2,
      }),
    ).toEqual({
      action: 'key.create',
      from: '2026-11-27T13:00:00.000Z',
      to: '2026-11-28T00:00:30.000Z',
      order: 'desc',
      page: '2',
      limit: '20',
    })
  })
})
