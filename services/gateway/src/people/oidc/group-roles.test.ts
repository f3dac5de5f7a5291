import { describe, expect, it } from 'vitest'
import type { PersonMembership } from '../person.ts'
import { applyGroups, groupsOf } from './group-roles.ts'

const W1 = '00000000-0000-4000-8000-000000000001'
const W2 = '00000000-0000-4000-8000-000000000002'
const W3 = '00000000-0000-4000-8000-000000000003'
const member = (websiteId: string, role: string): PersonMembership => ({
  websiteId,
  role,
  types: null,
})

const provider = {
  groupRoles: new Map([
    ['writers', [member(W1, 'editor')]],
    ['readers', [member(W1, 'viewer'), member(W2, 'viewer')]],
  ]),
  operatorGroups: new Set(['platform']),
}

describe('groupsOf', () => {
  it('when the claim is a list, a string or a nested path, then its strings are the groups', () => {
    expect(groupsOf({ groups: ['a', 1, 'b'] }, 'groups')).toEqual(['a', 'b'])
    expect(groupsOf({ groups: 'a' }, 'groups')).toEqual(['a'])
    expect(groupsOf({ realm_access: { roles: ['x'] } }, 'realm_access.roles')).toEqual(['x'])
  })

  it('when the claim is missing or not a list of strings, then there are no groups', () => {
    expect(groupsOf({}, 'groups')).toEqual([])
    expect(groupsOf({ groups: { a: 1 } }, 'groups')).toEqual([])
    expect(groupsOf({ groups: null }, 'groups.x')).toEqual([])
    expect(groupsOf({}, 'constructor')).toEqual([])
  })
})

describe('applyGroups', () => {
  it('when groups name websites, then the first group naming a website sets its membership', () => {
    const access = applyGroups({ memberships: [], operator: false }, provider, [
      'readers',
      'writers',
    ])
    expect(access.memberships).toEqual([member(W1, 'editor'), member(W2, 'viewer')])
  })

  it('when no group grants a website the provider governs, then its membership is dropped and other websites keep theirs', () => {
    const current = { memberships: [member(W1, 'owner'), member(W3, 'author')], operator: false }
    expect(applyGroups(current, provider, ['unrelated']).memberships).toEqual([
      member(W3, 'author'),
    ])
  })

  it('when operatorGroups is set, then the operator flag follows the groups', () => {
    expect(applyGroups({ memberships: [], operator: true }, provider, []).operator).toBe(false)
    expect(applyGroups({ memberships: [], operator: false }, provider, ['platform']).operator).toBe(
      true,
    )
  })

  it('when the provider maps no groups, then the access is unchanged', () => {
    const current = { memberships: [member(W1, 'owner')], operator: true }
    const none = { groupRoles: undefined, operatorGroups: undefined }
    expect(applyGroups(current, none, ['platform'])).toEqual(current)
  })
})
