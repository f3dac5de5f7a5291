import type { RateLimitPlan } from '../api/admin-resources.ts'

const integer = new Intl.NumberFormat('en')

/** `2026-11-20 23:16 UTC`: the same on every operator's screen, whatever their time zone. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—'
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}

export function formatPlan(plan: RateLimitPlan): string {
  return `${integer.format(plan.perMinute)}/min · ${integer.format(plan.perDay)}/day`
}
