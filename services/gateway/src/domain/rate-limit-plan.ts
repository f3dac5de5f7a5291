export interface RateLimitPlan {
  perMinute: number
  perDay: number
}

export const DEFAULT_PLAN: RateLimitPlan = { perMinute: 60, perDay: 10_000 }
