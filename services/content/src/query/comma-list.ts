/** `a,b` or the array form `x[0]=a&x[1]=b` (each entry may itself be a comma list); else undefined. */
export function commaList(raw: unknown): string[] | undefined {
  const entries = typeof raw === 'string' ? [raw] : raw
  if (!Array.isArray(entries) || !entries.every((entry) => typeof entry === 'string')) {
    return undefined
  }
  return entries.flatMap((entry: string) => entry.split(',')).map((item) => item.trim())
}
