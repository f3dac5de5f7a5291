import { RoleCreateBody } from '@cms/contract'
import { bodyProblems } from '@cms/contract/validation'
import { ValidationError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import { builtInNameProblem } from '../domain/role.ts'
import type { RoleInput } from '../domain/role.ts'

/** At most this many roles come with one export. */
const MAX_IMPORTED_ROLES = 100

/**
 * The website's own roles an export carries (docs/lifecycle.md, "Import"): each checked as the
 * API checks a new role (its schema, no built-in name), names unique; 422 naming each problem
 * at `line 1: website.roles[i]`.
 */
export function importedRoles(raw: readonly unknown[] | undefined): RoleInput[] {
  const roles = raw ?? []
  const where = (index: number, path = '') =>
    `line 1: website.roles[${index}]${path === '' ? '' : `.${path}`}`
  const problems: ErrorDetail[] = []
  if (roles.length > MAX_IMPORTED_ROLES)
    problems.push({ path: 'line 1: website.roles', message: `at most ${MAX_IMPORTED_ROLES} roles` })
  const seen = new Set<string>()
  roles.forEach((role, index) => {
    const found = bodyProblems(RoleCreateBody, role)
    problems.push(...found.map((problem) => ({ ...problem, path: where(index, problem.path) })))
    if (found.length > 0) return
    const { name } = role as RoleCreateBody
    const builtIn = builtInNameProblem(name)
    if (builtIn) problems.push({ path: where(index, 'name'), message: builtIn })
    if (seen.has(name)) problems.push({ path: where(index, 'name'), message: 'named twice' })
    seen.add(name)
  })
  if (problems.length > 0)
    throw new ValidationError("The export's website roles are not valid here", problems)
  return roles as RoleInput[]
}
