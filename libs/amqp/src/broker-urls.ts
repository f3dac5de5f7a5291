import { env } from '@cms/config'
import type { EnvParser } from '@cms/config'

const PROTOCOLS = ['amqp', 'amqps'] as const

/** `amqp://a:5672,amqp://b:5672` → each address, trimmed, in the order given. */
export function splitBrokerUrls(raw: string): string[] {
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
}

/**
 * AMQP_URL: one broker address or several separated by commas (the nodes of one cluster, each
 * with its credentials). The value stays a string; `connectAmqp` splits it and tries the
 * addresses in turn. Each must be a valid `amqp://` or `amqps://` URL.
 */
export function brokerUrls(): EnvParser<string> {
  const one = env.url({ protocols: PROTOCOLS })
  return (raw, name) => {
    if (raw === undefined || raw.trim() === '') return one(raw, name)
    const urls = splitBrokerUrls(raw)
    if (urls.length === 0) return one(undefined, name)
    if (urls.length > 16) throw new TypeError(`${name} lists more than 16 broker addresses`)
    urls.forEach((url, index) =>
      one(url, urls.length === 1 ? name : `${name} address ${index + 1}`),
    )
    return urls.join(',')
  }
}
