const MAX_ECHO = 60

/** A client's value as quoted in an error message, cut short so errors stay small. */
export function quoteValue(raw: string): string {
  return JSON.stringify(raw.length > MAX_ECHO ? `${raw.slice(0, MAX_ECHO)}…` : raw)
}
