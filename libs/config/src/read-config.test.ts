import { describe, expect, it } from 'vitest'
import { ConfigError } from './config-error.ts'
import { boolean, integer, oneOf, optionalPort, port, secret, string, url } from './env-parsers.ts'
import { readConfig } from './read-config.ts'

describe('readConfig', () => {
  const spec = {
    MONGO_URL: url({ protocols: ['mongodb', 'mongodb+srv'] }),
    PORT: port({ default: 8080 }),
    INTERNAL_TOKEN: secret(),
    MODE: oneOf(['read', 'write'] as const, { default: 'write' }),
    VERBOSE: boolean({ default: false }),
    HOST: string({ default: '127.0.0.1' }),
  }

  it('when every variable is valid, then it returns typed values with defaults applied', () => {
    const config = readConfig(spec, {
      MONGO_URL: 'mongodb://db:27017',
      INTERNAL_TOKEN: 'x'.repeat(20),
      VERBOSE: 'yes',
    })
    expect(config).toEqual({
      MONGO_URL: 'mongodb://db:27017',
      PORT: 8080,
      INTERNAL_TOKEN: 'x'.repeat(20),
      MODE: 'write',
      VERBOSE: true,
      HOST: '127.0.0.1',
    })
  })

  it('when several variables are wrong, then one ConfigError names every problem', () => {
    let error: unknown
    try {
      readConfig(spec, { MONGO_URL: 'http://db', PORT: '70000', MODE: 'both', VERBOSE: 'maybe' })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).problems).toEqual([
      'MONGO_URL must use mongodb or mongodb+srv, not http',
      'PORT must be between 0 and 65535',
      'INTERNAL_TOKEN is required',
      'MODE must be one of read, write',
      'VERBOSE must be true or false',
    ])
  })

  it('when a URL is malformed or a secret short, then the message says so', () => {
    expect(() => readConfig({ U: url({ protocols: ['redis'] }) }, { U: 'not a url' })).toThrow(
      'U is not a valid URL',
    )
    expect(() => readConfig({ S: secret() }, { S: 'short' })).toThrow(
      'S must be at least 16 characters',
    )
    expect(() => readConfig({ N: integer() }, { N: '12abc' })).toThrow('N must be an integer')
  })

  it('when an optional port is unset, then it is undefined; when set, it is checked like a port', () => {
    const optional = { METRICS_PORT: optionalPort() }
    expect(readConfig(optional, {})).toEqual({ METRICS_PORT: undefined })
    expect(readConfig(optional, { METRICS_PORT: '9464' })).toEqual({ METRICS_PORT: 9464 })
    expect(() => readConfig(optional, { METRICS_PORT: '70000' })).toThrow(
      'METRICS_PORT must be between 0 and 65535',
    )
  })
})
