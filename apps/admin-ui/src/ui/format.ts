import type { RateLimitPlan } from '../api/admin-resources.ts'

const integer = new Intl.NumberFormat('en')

/** `2026-11-20 23:16 UTC`: the same on every operator's screen, whatever their time zone. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—'
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}

/** A `datetime-local` value (`2026-11-20T23:16`, seconds allowed) read as UTC, as an ISO instant. */
export const utcInstantOf = (local: string): string =>
  `${local.length === 16 ? `${local}:00` : local}.000Z`

export function formatPlan(plan: RateLimitPlan): string {
  return `${integer.format(plan.perMinute)}/min · ${integer.format(plan.perDay)}/day`
}

/** `812 B`, `14.2 kB`, `3.1 MB`: decimal units, as file managers show them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${integer.format(bytes)} B`
  const units = ['kB', 'MB', 'GB']
  let value = bytes / 1000
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit += 1
  }
  return `${value.toFixed(1)} ${units[unit]}`
}
