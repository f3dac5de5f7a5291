/**
 * Parsers for single environment variables. Each returns the typed value or throws a message
 * that names the variable; `readConfig` collects those messages.
 */
export type EnvParser<T> = (raw: string | undefined, name: string) => T

function fail(message: string): never {
  throw new TypeError(message)
}

function present(raw: string | undefined): raw is string {
  return raw !== undefined && raw.trim() !== ''
}

export function string(options: { default?: string } = {}): EnvParser<string> {
  return (raw, name) => {
    if (present(raw)) return raw.trim()
    if (options.default !== undefined) return options.default
    return fail(`${name} is required`)
  }
}

export function optionalString(): EnvParser<string | undefined> {
  return (raw) => (present(raw) ? raw.trim() : undefined)
}

/** A secret has no default on purpose: a service must never run with a well-known credential. */
export function secret(options: { minLength?: number } = {}): EnvParser<string> {
  const minLength = options.minLength ?? 16
  return (raw, name) => {
    if (!present(raw)) return fail(`${name} is required`)
    if (raw.length < minLength) return fail(`${name} must be at least ${minLength} characters`)
    return raw
  }
}

export function url(options: {
  protocols: readonly string[]
  default?: string
}): EnvParser<string> {
  return (raw, name) => {
    const value = present(raw) ? raw.trim() : options.default
    if (value === undefined) return fail(`${name} is required`)
    let parsed: URL
    try {
      parsed = new URL(value)
    } catch {
      return fail(`${name} is not a valid URL`)
    }
    const protocol = parsed.protocol.replace(/:$/, '')
    if (!options.protocols.includes(protocol)) {
      return fail(`${name} must use ${options.protocols.join(' or ')}, not ${protocol}`)
    }
    return value
  }
}

export function integer(
  options: { default?: number; min?: number; max?: number } = {},
): EnvParser<number> {
  const min = options.min ?? Number.MIN_SAFE_INTEGER
  const max = options.max ?? Number.MAX_SAFE_INTEGER
  return (raw, name) => {
    if (!present(raw)) {
      if (options.default !== undefined) return options.default
      return fail(`${name} is required`)
    }
    if (!/^-?\d+$/.test(raw.trim())) return fail(`${name} must be an integer`)
    const value = Number(raw)
    if (value < min || value > max) return fail(`${name} must be between ${min} and ${max}`)
    return value
  }
}

export function port(options: { default?: number } = {}): EnvParser<number> {
  return integer({ ...options, min: 0, max: 65535 })
}

/** A port that may be left unset (the feature it serves is then off); 0 is any free port. */
export function optionalPort(): EnvParser<number | undefined> {
  const parse = port()
  return (raw, name) => (present(raw) ? parse(raw, name) : undefined)
}

export function boolean(options: { default: boolean }): EnvParser<boolean> {
  return (raw, name) => {
    if (!present(raw)) return options.default
    const value = raw.trim().toLowerCase()
    if (['1', 'true', 'yes', 'on'].includes(value)) return true
    if (['0', 'false', 'no', 'off'].includes(value)) return false
    return fail(`${name} must be true or false`)
  }
}

export function oneOf<const T extends string>(
  values: readonly T[],
  options: { default?: T } = {},
): EnvParser<T> {
  return (raw, name) => {
    const value = present(raw) ? raw.trim() : options.default
    if (value === undefined) return fail(`${name} is required`)
    if (!(values as readonly string[]).includes(value)) {
      return fail(`${name} must be one of ${values.join(', ')}`)
    }
    return value as T
  }
}
