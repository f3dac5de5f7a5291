import { describe, expect, it } from 'vitest'
import { cms } from './support/cms-under-test.ts'

describe('cms website quotas', () => {
  it('when a quota is overridden and reset, then the table shows usage against each limit and where it comes from', async () => {
    const website = JSON.parse((await cms(['website', 'create', 'quota site', '--json'])).stdout)
    const shown = await cms(['website', 'quotas', website.id])
    expect(shown).toMatchObject({ code: 0, stderr: '' })
    expect(shown.stdout).toMatch(/^QUOTA\s+USAGE\s+LIMIT\s+SOURCE\n/)
    expect(shown.stdout).toMatch(/^webhooks\s+0\s+100\s+default$/m)
    expect(shown.stdout).toMatch(/^contentTypes\s+0\s+100\s+default$/m)
    expect(shown.stdout).toMatch(/^changeStreams\s+0\s+100\s+default$/m)

    const set = await cms(['website', 'set-quota', website.id, 'webhooks', '7'])
    expect(set.code).toBe(0)
    expect(set.stdout).toMatch(/^webhooks\s+0\s+7\s+override \(default 100\)$/m)

    const json = JSON.parse((await cms(['website', 'quotas', website.id, '--json'])).stdout)
    expect(json.quotas.webhooks).toEqual({ limit: 7, default: 100, override: 7, usage: 0 })

    const reset = await cms(['website', 'set-quota', website.id, 'webhooks', 'default'])
    expect(reset.stdout).toMatch(/^webhooks\s+0\s+100\s+default$/m)
  })

  it('when a quota value is not a number or the quota is unknown, then it is refused', async () => {
    const website = JSON.parse((await cms(['website', 'create', 'quota site 2', '--json'])).stdout)
    const word = await cms(['website', 'set-quota', website.id, 'webhooks', 'many'])
    expect(word.code).toBe(2)
    expect(word.stderr).toContain('a quota is a whole number or "default"')
    const unknown = await cms(['website', 'set-quota', website.id, 'pages', '3'])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('VALIDATION_ERROR')
  })
})
