import type { LookupAddress } from 'node:dns'
import { describe, expect, it } from 'vitest'
import { createTargetGuard, TARGET_REFUSED } from './target-guard.ts'

const answers =
  (table: Record<string, string[]>) =>
  async (hostname: string): Promise<LookupAddress[]> => {
    const found = table[hostname]
    if (!found) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
  }

const resolve = answers({
  'public.example': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'mixed.example': ['93.184.215.14', '10.0.0.7'],
  'metadata.example': ['169.254.169.254'],
  localhost: ['127.0.0.1', '::1'],
})

function lookupOnce(lookup: (...args: any[]) => void, hostname: string, options: object) {
  return new Promise<{ error: any; result: unknown[] }>((done) =>
    lookup(hostname, options, (error: unknown, ...result: unknown[]) => done({ error, result })),
  )
}

describe('createTargetGuard', () => {
  const guard = createTargetGuard({ allowPrivate: false, resolve })

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://10.0.0.1/',
    'http://192.168.0.10/',
    'http://172.16.5.4/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://[::1]/',
    'http://[fd00::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://2130706433/',
    'http://localhost:3000/',
    'http://metadata.example/',
    'http://mixed.example/',
    'http://unknown.example/',
  ])('when the guard is on and the target is %s, then it is refused', async (url) => {
    expect(await guard.refusal(url)).toEqual(expect.any(String))
  })

  it.each([
    'http://[::127.0.0.1]/',
    'http://[::7f00:1]/',
    'http://[::ffff:7f00:1]/',
    'http://[2002:7f00:1::]/',
    'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://168.63.129.16/',
    'http://100.100.100.200/',
    'http://192.0.0.192/',
    'http://[fd00:ec2::254]/',
  ])(
    'when the target %s embeds or is a refused address, then the refusal names the rule only',
    async (url) => {
      const refusal = await guard.refusal(url)
      expect(refusal).toMatch(/^the address is (loopback|cloud metadata)/)
      const host = new URL(url).hostname.replace(/^\[|\]$/g, '')
      expect(refusal).not.toContain(host)
    },
  )

  it('when a host name resolves to a refused address, then the refusal never says which address', async () => {
    const refusal = await guard.refusal('http://metadata.example/')
    expect(refusal).toMatch(/^the host resolves to a cloud metadata address/)
    expect(refusal).not.toContain('169.254')
    const { error } = await lookupOnce(guard.lookup!, 'mixed.example', {})
    expect(error.message).toBe('target refused: the host resolves to a private address')
  })

  it('when the host resolves only to public addresses, then it is allowed', async () => {
    expect(await guard.refusal('https://public.example/hook')).toBeUndefined()
    expect(await guard.refusal('https://93.184.215.14/hook')).toBeUndefined()
  })

  it('when private targets are allowed, then nothing is refused and no lookup is imposed', async () => {
    const open = createTargetGuard({ allowPrivate: true, resolve })
    expect(await open.refusal('http://127.0.0.1/')).toBeUndefined()
    expect(open.lookup).toBeUndefined()
  })

  it('when the connection-time lookup meets a private answer, then it fails with a refusal', async () => {
    const { error } = await lookupOnce(guard.lookup!, 'mixed.example', { all: true })
    expect(error.code).toBe(TARGET_REFUSED)
  })

  it('when DNS changes between the check and the connection, then the connection is still refused', async () => {
    let calls = 0
    const rebinding = async (): Promise<LookupAddress[]> =>
      calls++ === 0
        ? [{ address: '93.184.215.14', family: 4 }]
        : [{ address: '127.0.0.1', family: 4 }]
    const rebound = createTargetGuard({ allowPrivate: false, resolve: rebinding })
    expect(await rebound.refusal('http://rebind.example/')).toBeUndefined()
    const { error } = await lookupOnce(rebound.lookup!, 'rebind.example', {})
    expect(error.code).toBe(TARGET_REFUSED)
  })

  it('when the lookup is asked for all addresses or one family, then it answers in that form', async () => {
    const all = await lookupOnce(guard.lookup!, 'public.example', { all: true })
    expect(all.error).toBeNull()
    expect(all.result[0]).toHaveLength(2)
    const v4 = await lookupOnce(guard.lookup!, 'public.example', { family: 4 })
    expect(v4.result).toEqual(['93.184.215.14', 4])
  })
})
