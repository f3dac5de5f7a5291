import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { testEnv } from '@cms/testkit'
import { cms } from './support/cms-under-test.ts'

const CMS_BIN = fileURLToPath(new URL('../src/cms.ts', import.meta.url))

describe('cms command line', () => {
  it('when a website and keys are managed with --json, then each answer is the admin API JSON', async () => {
    const created = await cms(['website', 'create', 'CLI site', '--json'])
    expect(created).toMatchObject({ code: 0, stderr: '' })
    const website = JSON.parse(created.stdout)
    expect(website).toEqual({
      id: expect.any(String),
      name: 'CLI site',
      createdAt: expect.any(String),
    })

    const listed = JSON.parse((await cms(['website', 'list', '--json'])).stdout)
    expect(listed.docs).toContainEqual(website)

    const keyRun = await cms([
      'key',
      'create',
      '--website',
      website.id,
      '--scope',
      'admin',
      '--name',
      'deploy',
      '--per-minute',
      '5',
      '--per-day',
      '50',
      '--json',
    ])
    expect(keyRun.code).toBe(0)
    const key = JSON.parse(keyRun.stdout)
    expect(key).toMatchObject({
      name: 'deploy',
      scope: 'admin',
      rateLimit: { perMinute: 5, perDay: 50 },
      key: expect.stringMatching(/^cms_/),
    })

    const keys = JSON.parse((await cms(['key', 'list', '--website', website.id, '--json'])).stdout)
    expect(keys.docs).toEqual([
      expect.objectContaining({ id: key.id, prefix: key.prefix, revokedAt: null }),
    ])
    expect(JSON.stringify(keys)).not.toContain(key.key)

    const revoked = await cms(['key', 'revoke', '--website', website.id, key.id])
    expect(revoked).toEqual({ code: 0, stdout: `Revoked key ${key.id}\n`, stderr: '' })
    const after = JSON.parse((await cms(['key', 'list', '--website', website.id, '--json'])).stdout)
    expect(after.docs[0].revokedAt).toEqual(expect.any(String))
  })

  it('when run without --json, then the output is for people: the key once, tables for lists', async () => {
    const website = JSON.parse((await cms(['website', 'create', 'People site', '--json'])).stdout)
    const created = await cms(['key', 'create', '--website', website.id, '--scope', 'read'])
    expect(created.code).toBe(0)
    expect(created.stdout).toMatch(
      /^Created read key "read key" \(.+\)\nRate limit: 60\/minute, 10000\/day\nKey \(shown only now.*\): cms_\S+\n$/,
    )
    const list = await cms(['key', 'list', '--website', website.id])
    expect(list.stdout.split('\n')[0]).toMatch(/^ID\s+PREFIX\s+ROLE\s+RATE LIMIT\s+STATUS\s+NAME$/)
    expect(list.stdout).toContain('60/min 10000/day')
  })

  it('permissions: custom roles are managed per website — from the command line: a role is created, a key of it restricted to a type and expiring is listed with both, rotated, and a held role cannot be deleted', async () => {
    const website = JSON.parse((await cms(['website', 'create', 'Roles site', '--json'])).stdout)
    const w = ['--website', website.id]
    const role = await cms([
      'role',
      'create',
      'partner',
      ...w,
      '--permissions',
      '{"read":"*","create":["event"]}',
    ])
    expect(role).toEqual({
      code: 0,
      stdout: 'Created role partner: read:* create:event\n',
      stderr: '',
    })
    const expires = new Date(Date.now() + 86_400_000).toISOString()
    const created = JSON.parse(
      (
        await cms([
          'key',
          'create',
          ...w,
          '--role',
          'partner',
          '--types',
          'event',
          '--expires',
          expires,
          '--json',
        ])
      ).stdout,
    )
    expect(created).toMatchObject({ role: 'partner', types: ['event'], expiresAt: expires })
    const list = await cms(['key', 'list', ...w])
    expect(list.stdout).toContain(`partner (event)`)
    expect(list.stdout).toContain(`expires ${expires}`)
    const rotated = JSON.parse(
      (await cms(['key', 'rotate', created.id, ...w, '--grace', '60', '--json'])).stdout,
    )
    expect(rotated).toMatchObject({ role: 'partner', replaces: { id: created.id } })
    const roles = await cms(['role', 'list', ...w])
    expect(roles.stdout.split('\n')[0]).toMatch(/^NAME\s+KIND\s+PERMISSIONS$/)
    expect(roles.stdout).toMatch(/partner\s+own\s+read:\* create:event/)
    const held = await cms(['role', 'delete', 'partner', ...w])
    expect(held.code).toBe(1)
    expect(held.stderr).toMatch(/held by 2 live key\(s\).*409 CONFLICT/)
    const both = await cms(['key', 'create', ...w, '--role', 'viewer', '--scope', 'read'])
    expect(both).toMatchObject({ code: 2, stderr: expect.stringContaining('one of them') })
  })

  it('when the API refuses, then one line names the problem and the exit code is 1', async () => {
    const result = await cms(['key', 'list', '--website', '00000000-0000-4000-8000-000000000001'])
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: 'cms: Website not found (404 NOT_FOUND)\n',
    })
    const invalid = await cms(['website', 'create', ' '])
    expect(invalid.code).toBe(1)
    expect(invalid.stderr).toBe(
      'cms: The request body is invalid (422 VALIDATION_ERROR): name: must not be empty\n',
    )
  })

  it('when the command line is wrong, then one line says so and the exit code is 2', async () => {
    const cases: [string[], RegExp][] = [
      [['frobnicate'], /unknown command "frobnicate"/],
      [['key', 'create', '--scope', 'admin'], /--website is required/],
      [
        ['key', 'create', '--website', 'w', '--scope', 'admin', '--per-minute', 'ten'],
        /--per-minute must be a positive integer/,
      ],
      [['website', 'create'], /takes <name>/],
      [['website', 'list', '--scope', 'admin'], /does not take --scope/],
      [['website', 'list', '--colour'], /Unknown option '--colour'/],
    ]
    for (const [args, message] of cases) {
      const result = await cms(args)
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr).toMatch(message)
      expect(result.stderr.trim().split('\n')).toHaveLength(1)
    }
  })

  it('when the token is missing or the gateway is unreachable, then it says so in one line', async () => {
    expect(await cms(['website', 'list'], { CMS_ADMIN_TOKEN: undefined })).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/CMS_ADMIN_TOKEN is not set/),
    })
    const unreachable = await cms(['website', 'list'], { CMS_URL: 'http://127.0.0.1:9' })
    expect(unreachable.code).toBe(1)
    expect(unreachable.stderr).toMatch(
      /^cms: cannot reach the gateway at http:\/\/127\.0\.0\.1:9 \(.+\)\n$/,
    )
  })

  it('when the bin is executed as a program, then it runs with tsx and exits with the right code', async () => {
    const run = promisify(execFile)
    const env = {
      ...process.env,
      CMS_URL: testEnv().gatewayUrl,
      CMS_ADMIN_TOKEN: testEnv().adminToken,
    }
    const { stdout } = await run(CMS_BIN, ['website', 'create', 'From the shell', '--json'], {
      env,
    })
    expect(JSON.parse(stdout).name).toBe('From the shell')
    const failed = await run(CMS_BIN, ['nope'], { env }).catch(
      (error: { code: number; stderr: string }) => error,
    )
    expect(failed).toMatchObject({
      code: 2,
      stderr: 'cms: unknown command "nope" (see cms --help)\n',
    })
  })
})
