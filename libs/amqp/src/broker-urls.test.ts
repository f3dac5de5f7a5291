import { describe, expect, it } from 'vitest'
import { brokerUrls, splitBrokerUrls } from './broker-urls.ts'

describe('brokerUrls', () => {
  const parse = brokerUrls()

  it('when one URL is given, then it is kept as it is', () => {
    expect(parse(' amqp://u:p@a:5672 ', 'AMQP_URL')).toBe('amqp://u:p@a:5672')
  })

  it('when several are given, then each is trimmed and the order kept', () => {
    const value = parse('amqp://u:p@a:5672, amqps://u:p@b:5671 ,amqp://u:p@c', 'AMQP_URL')
    expect(splitBrokerUrls(value)).toEqual([
      'amqp://u:p@a:5672',
      'amqps://u:p@b:5671',
      'amqp://u:p@c',
    ])
  })

  it('when one of several is not an AMQP URL, then the message names its position', () => {
    expect(() => parse('amqp://a,http://b', 'AMQP_URL')).toThrow(/AMQP_URL address 2 must use/)
    expect(() => parse('amqp://a,not a url', 'AMQP_URL')).toThrow(/address 2 is not a valid URL/)
  })

  it('when it is missing or only commas, then it is required', () => {
    expect(() => parse(undefined, 'AMQP_URL')).toThrow(/AMQP_URL is required/)
    expect(() => parse(' , ', 'AMQP_URL')).toThrow(/AMQP_URL is required/)
  })
})
