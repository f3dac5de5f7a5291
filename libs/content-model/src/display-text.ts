/** Limits on the free text of definitions, in Unicode code points (the request schema's). */
export const TEXT_LIMITS = {
  label: 200,
  description: 2000,
  icon: 100,
  option: 200,
} as const
