import { integerIn, isPlainObject, objectBody } from './input-checks.ts'
import type { Problems } from './input-checks.ts'

export interface RateLimitPlan {
  perMinute: number
  perDay: number
}

export const DEFAULT_PLAN: RateLimitPlan = { perMinute: 60, perDay: 10_000 }

const PER_MINUTE = { min: 1, max: 10_000_000 }
const PER_DAY = { min: 1, max: 1_000_000_000 }

/** An optional `rateLimit` member; each limit it leaves out keeps the default plan's value. */
export function parseRateLimitPlan(value: unknown, problems: Problems): RateLimitPlan {
  if (value === undefined || value === null) return DEFAULT_PLAN
  if (!isPlainObject(value)) {
    problems.push({ path: 'rateLimit', message: 'must be an object {perMinute, perDay}' })
    return DEFAULT_PLAN
  }
  const scoped: Problems = []
  const body = objectBody(value, ['perMinute', 'perDay'], scoped)
  const perMinute =
    body.perMinute === undefined
      ? DEFAULT_PLAN.perMinute
      : integerIn(body.perMinute, PER_MINUTE, 'perMinute', scoped)
  const perDay =
    body.perDay === undefined
      ? DEFAULT_PLAN.perDay
      : integerIn(body.perDay, PER_DAY, 'perDay', scoped)
  problems.push(...scoped.map((problem) => ({ ...problem, path: `rateLimit.${problem.path}` })))
  return { perMinute: perMinute ?? DEFAULT_PLAN.perMinute, perDay: perDay ?? DEFAULT_PLAN.perDay }
}
