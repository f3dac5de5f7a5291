/** A Kubernetes resource quantity ('500m', '2', '192Mi', '1G') as a number of base units. */
const SUFFIXES: Readonly<Record<string, number>> = {
  m: 1e-3,
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
}

export function parseQuantity(quantity: string | number): number {
  if (typeof quantity === 'number') return quantity
  const match = /^(\d+(?:\.\d+)?)([a-zA-Z]*)$/.exec(quantity)
  const factor = match ? SUFFIXES[match[2]!] : undefined
  if (!match || factor === undefined) throw new Error(`not a quantity: ${quantity}`)
  return Number(match[1]) * factor
}
