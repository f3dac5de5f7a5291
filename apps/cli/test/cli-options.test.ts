import { randomUUID } from 'node:crypto'
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { adminClient, testEnv } from '@cms/testkit'
import { runCli } from '../src/run-cli.ts'
import type { CliIo } from '../src/run-cli.ts'

const CMS_BIN = fileURLToPath(new URL('../src/cms.ts', import.meta.url))

/** One in-process `cms` run against the test gateway. */
async function cms(args: string[], extra: Partial<CliIo> = {}) {
  let stdout = ''
  let stderr = ''
  const code = await runCli(args, {
    env: { CMS_URL: testEnv().gatewayUrl, CMS_ADMIN_TOKEN: testEnv().adminToken },
    stdout: { write: (text: string | Uint8Array) => (stdout += String(text)) },
    stderr: { write: (text: string) => (stderr += text) },
    ...extra,
  })
  return { code, stdout, stderr }
}

const newWebsite = async (name = `opt-${randomUUID().slice(0, 8)}`) =>
  JSON.parse((await cms(['website', 'create', name, '--json'])).stdout) as {
    id: string
    name: string
  }

const websiteExists = async (id: string) =>
  (await adminClient()('GET', `/admin/api/websites/${id}`)).status === 200

describe('cms options', () => {
  it('when --version is given, then it prints the package version, as JSON with --json', async () => {
    const { version } = JSON.parse(
      readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
    ) as { version: string }
    expect(await cms(['--version'])).toEqual({ code: 0, stdout: `cms ${version}\n`, stderr: '' })
    expect(JSON.parse((await cms(['--version', '--json'])).stdout)).toEqual({ version })
  })

  it('when --help follows a command, then that command its usage, summary and options are printed', async () => {
    const help = await cms(['key', 'create', '--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(
      /^Usage: cms key create --website <website> \[--role <role>\] \[--scope <scope>\]/,
    )
    expect(help.stdout).toContain('--per-minute')
    expect(help.stdout).toContain('Creates an API key')
    const group = await cms(['website', '--help'])
    expect(
      group.stdout.split('\n').filter((line) => line.startsWith('  cms website ')),
    ).toHaveLength(9)
    expect((await cms(['types', '-h'])).stdout).toMatch(
      /^Usage: cms types --website <website> \[--out <out>\]/,
    )
    expect((await cms(['--help'])).stdout).toMatch(/cms types --website/)
  })

  it('when --json is given and a command fails, then stderr holds the error as one JSON object', async () => {
    const missing = await cms([
      'key',
      'list',
      '--website',
      '00000000-0000-4000-8000-000000000001',
      '--json',
    ])
    expect(missing.code).toBe(1)
    expect(missing.stdout).toBe('')
    expect(JSON.parse(missing.stderr)).toEqual({
      error: {
        code: 'NOT_FOUND',
        status: 404,
        message: 'Website not found',
        requestId: expect.any(String),
      },
    })
    const invalid = JSON.parse((await cms(['website', 'create', ' ', '--json'])).stderr)
    expect(invalid.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      status: 422,
      details: [{ path: 'name', message: expect.any(String) }],
    })
    const usage = await cms(['frobnicate', '--json'])
    expect(usage.code).toBe(2)
    expect(JSON.parse(usage.stderr)).toEqual({
      error: { code: 'USAGE', message: 'unknown command "frobnicate"' },
    })
    const unreachable = await cms(['website', 'list', '--json'], {
      env: { CMS_URL: 'http://127.0.0.1:9', CMS_ADMIN_TOKEN: 'x' },
    })
    expect(JSON.parse(unreachable.stderr).error.code).toBe('GATEWAY_UNREACHABLE')
  })

  it("when a website's name is given where an id is, then the command acts on that website; an ambiguous name lists the ids", async () => {
    const site = await newWebsite()
    const keyRun = await cms(['key', 'create', '--website', site.name, '--scope', 'read', '--json'])
    expect(keyRun.code).toBe(0)
    const keys = JSON.parse((await cms(['key', 'list', '--website', site.name, '--json'])).stdout)
    expect(keys.docs.map((key: { id: string }) => key.id)).toEqual([JSON.parse(keyRun.stdout).id])
    const renamed = await cms(['website', 'rename', site.name, `${site.name}-new`, '--json'])
    expect(JSON.parse(renamed.stdout)).toMatchObject({ id: site.id, name: `${site.name}-new` })

    const twin = `twin-${randomUUID().slice(0, 8)}`
    const [first, second] = [await newWebsite(twin), await newWebsite(twin)]
    const ambiguous = await cms(['website', 'quotas', twin])
    expect(ambiguous.code).toBe(1)
    expect(ambiguous.stderr).toContain(`2 websites are named "${twin}"`)
    expect(ambiguous.stderr).toContain(first!.id)
    expect(ambiguous.stderr).toContain(second!.id)
    const asJson = JSON.parse((await cms(['website', 'quotas', twin, '--json'])).stderr)
    expect(asJson.error.code).toBe('AMBIGUOUS_NAME')
    expect(
      asJson.error.details.map((d: { message: string }) => d.message.split(' ')[0]).sort(),
    ).toEqual([first!.id, second!.id].sort())
    const unknown = await cms(['website', 'quotas', `nobody-${randomUUID()}`, '--json'])
    expect(JSON.parse(unknown.stderr).error.code).toBe('NOT_FOUND')
  })

  it('when website delete runs without --yes, then it asks at a terminal and refuses without one; --yes deletes at once', async () => {
    const site = await newWebsite()
    const noTerminal = await cms(['website', 'delete', site.id])
    expect(noTerminal.code).toBe(2)
    expect(noTerminal.stderr).toMatch(/add --yes when not at a terminal/)
    expect(await websiteExists(site.id)).toBe(true)

    const questions: string[] = []
    const declined = await cms(['website', 'delete', site.name], {
      confirm: async (question) => {
        questions.push(question)
        return false
      },
    })
    expect(declined.code).toBe(1)
    expect(questions).toEqual([expect.stringContaining(`"${site.name}" (${site.id})`)])
    expect(await websiteExists(site.id)).toBe(true)

    const accepted = await cms(['website', 'delete', site.name], { confirm: async () => true })
    expect(accepted.code).toBe(0)
    expect(await websiteExists(site.id)).toBe(false)

    const other = await newWebsite()
    expect((await cms(['website', 'delete', other.id, '--yes'])).code).toBe(0)
    expect(await websiteExists(other.id)).toBe(false)
  })

  it('when the bin runs with stdin not a terminal, then website delete without --yes is refused and nothing is deleted', async () => {
    const site = await newWebsite()
    const env = {
      ...process.env,
      CMS_URL: testEnv().gatewayUrl,
      CMS_ADMIN_TOKEN: testEnv().adminToken,
    }
    const refused = await promisify(execFile)(CMS_BIN, ['website', 'delete', site.id], {
      env,
    }).catch((error: { code: number; stderr: string }) => error)
    expect(refused).toMatchObject({ code: 2, stderr: expect.stringMatching(/--yes/) })
    expect(await websiteExists(site.id)).toBe(true)
  })
})
