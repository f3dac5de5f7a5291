import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { adminClient, createTestWebsite, testEnv } from '@cms/testkit'
import { cms } from './support/cms-under-test.ts'

const PASSWORD = 'correct horse battery'

/** One in-process `cms` run against the test gateway, with only the environment given. */

const asAdmin = (args: string[]) => cms(args)

const newEmail = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.com`

async function authCall(path: string, init: { body?: unknown; cookie?: string; csrf?: string }) {
  const response = await fetch(`${testEnv().gatewayUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(init.cookie && { cookie: init.cookie }),
      ...(init.csrf && { 'x-csrf-token': init.csrf }),
    },
    body: JSON.stringify(init.body ?? {}),
  })
  return { response, body: (await response.json().catch(() => undefined)) as any }
}

/** A person created with the admin token, signed in with a password (the cookie jar is ours). */
async function signedInPerson(fields: { operator?: boolean; memberships?: unknown[] } = {}) {
  const email = newEmail('person')
  const created = await adminClient()('POST', '/admin/api/people', {
    body: { email, name: 'Pat Person', password: PASSWORD, ...fields },
  })
  expect(created.status).toBe(201)
  const signIn = await authCall('/auth/password', { body: { email, password: PASSWORD } })
  expect(signIn.response.status).toBe(200)
  const cookie = signIn.response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith('cms_session='))
  expect(cookie).toBeDefined()
  return { email, id: created.body.id as string, cookie: cookie!, csrf: signIn.body.csrfToken }
}

/** A personal access token, made through the person's session as the panel makes it. */
async function personalToken(person: { cookie: string; csrf: string }): Promise<string> {
  const made = await authCall('/auth/tokens', {
    body: { name: 'cli', expiresInDays: 1 },
    cookie: person.cookie,
    csrf: person.csrf,
  })
  expect(made.response.status).toBe(201)
  expect(made.body.token).toMatch(/^cmsu_/)
  return made.body.token
}

describe('cms as a person', () => {
  it("when CMS_TOKEN is an operator's personal token, then cms person list works as with the admin token; a member's token is refused with 403", async () => {
    const operator = await signedInPerson({ operator: true })
    const token = await personalToken(operator)
    const listed = await cms(['person', 'list', '--json'], { CMS_TOKEN: token })
    expect(listed).toMatchObject({ code: 0, stderr: '' })
    expect(JSON.parse(listed.stdout).docs).toContainEqual(
      expect.objectContaining({ id: operator.id, email: operator.email, operator: true }),
    )
    const unknownToken = await cms(['person', 'list'], { CMS_TOKEN: `cmsu_${'x'.repeat(43)}` })
    expect(unknownToken).toMatchObject({ code: 1, stderr: expect.stringMatching(/\(401 /) })
    const asFlag = await cms(['person', 'list', '--token', token], { CMS_TOKEN: 'cmsu_wrong' })
    expect(asFlag.code).toBe(0)
    expect(asFlag.stdout.split('\n')[0]).toMatch(/^EMAIL\s+NAME\s+ACCESS\s+STATUS\s+ID$/)
    expect(asFlag.stdout).toMatch(
      new RegExp(`${operator.email}\\s+Pat Person\\s+operator\\s+active`),
    )

    const site = await createTestWebsite()
    const member = await signedInPerson({
      memberships: [{ websiteId: site.websiteId, role: 'editor' }],
    })
    const refused = await cms(['person', 'list'], { CMS_TOKEN: await personalToken(member) })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/\(403 FORBIDDEN\)/)
  })

  it('when cms person reset-link runs, then it prints a one-time link whose token sets a new password', async () => {
    const person = await signedInPerson()
    const printed = await asAdmin(['person', 'reset-link', person.email.toUpperCase()])
    expect(printed.code, printed.stderr).toBe(0)
    const link = /^(https?:\/\/\S+\/admin#\/reset\/(\S+))$/m.exec(printed.stdout)
    expect(link, printed.stdout).not.toBeNull()
    expect(printed.stdout).toContain(`Password reset link for ${person.email}`)

    const newPassword = 'a brand new passphrase'
    const reset = await authCall('/auth/password-reset', {
      body: { token: link![2], password: newPassword },
    })
    expect(reset.response.status).toBeLessThan(300)
    const again = await authCall('/auth/password-reset', {
      body: { token: link![2], password: 'yet another passphrase' },
    })
    expect(again.response.status).toBe(404)
    const withOld = await authCall('/auth/password', {
      body: { email: person.email, password: PASSWORD },
    })
    expect(withOld.response.status).toBe(401)
    const withNew = await authCall('/auth/password', {
      body: { email: person.email, password: newPassword },
    })
    expect(withNew.response.status).toBe(200)
  })

  it('when people are added, invited, disabled, enabled and removed from the command line, then each shows in the admin API', async () => {
    const site = await createTestWebsite()
    const email = newEmail('added')
    const added = await asAdmin([
      'person',
      'add',
      email,
      '--name',
      'Ada Added',
      '--website',
      site.websiteId,
      '--role',
      'viewer',
      '--types',
      'article',
      '--json',
    ])
    expect(added.code, added.stderr).toBe(0)
    const person = JSON.parse(added.stdout)
    expect(person).toMatchObject({
      email,
      name: 'Ada Added',
      operator: false,
      password: false,
      memberships: [{ websiteId: site.websiteId, role: 'viewer', types: ['article'] }],
    })
    const list = await asAdmin(['person', 'list'])
    expect(list.stdout).toMatch(new RegExp(`${email}\\s+Ada Added\\s+viewer \\(article\\) on \\S+`))

    expect(await asAdmin(['person', 'disable', email])).toMatchObject({
      code: 0,
      stdout: `Disabled ${email}\n`,
    })
    expect((await adminClient()('GET', `/admin/api/people/${person.id}`)).body.disabled).toBe(true)
    expect((await asAdmin(['person', 'list'])).stdout).toMatch(new RegExp(`${email}.*disabled`))
    expect((await asAdmin(['person', 'enable', person.id])).code).toBe(0)
    expect((await adminClient()('GET', `/admin/api/people/${person.id}`)).body.disabled).toBe(false)

    const noTerminal = await asAdmin(['person', 'remove', email])
    expect(noTerminal).toMatchObject({ code: 2, stderr: expect.stringMatching(/--yes/) })
    expect((await asAdmin(['person', 'remove', email, '--yes'])).code).toBe(0)
    expect((await adminClient()('GET', `/admin/api/people/${person.id}`)).status).toBe(404)
    const gone = await asAdmin(['person', 'disable', email, '--json'])
    expect(gone.code).toBe(1)
    expect(JSON.parse(gone.stderr).error.code).toBe('NOT_FOUND')

    const invitee = newEmail('invited')
    const invited = await asAdmin(['person', 'invite', invitee, '--operator', '--expires-in', '2'])
    expect(invited.code, invited.stderr).toBe(0)
    expect(invited.stdout).toMatch(
      /Invitation link \(shown only now\): \S+\/admin#\/invitation\/\S+/,
    )
    const invitations = JSON.parse((await asAdmin(['invitation', 'list', '--json'])).stdout)
    const invitation = invitations.docs.find((one: { email: string }) => one.email === invitee)
    expect(invitation).toMatchObject({ operator: true })
    expect(invitation.link).toBeUndefined()
    const hours = (Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)) / 3_600_000
    expect(hours).toBe(2)
    expect((await asAdmin(['invitation', 'list'])).stdout).toMatch(
      new RegExp(`${invitation.id}\\s+${invitee}\\s+operator\\s+`),
    )
    expect(await asAdmin(['invitation', 'revoke', invitation.id])).toMatchObject({
      code: 0,
      stdout: `Revoked invitation ${invitation.id}\n`,
    })
    const after = JSON.parse((await asAdmin(['invitation', 'list', '--json'])).stdout)
    expect(after.docs.map((one: { id: string }) => one.id)).not.toContain(invitation.id)
  })

  it('when no token is given, or a membership lacks its role, then the command line says so with exit code 2', async () => {
    const none = await cms(['person', 'list'], { CMS_ADMIN_TOKEN: undefined })
    expect(none).toMatchObject({ code: 2, stderr: expect.stringMatching(/set CMS_TOKEN/) })
    const half = await asAdmin(['person', 'invite', newEmail('half'), '--website', 'x'])
    expect(half).toMatchObject({ code: 2, stderr: expect.stringMatching(/--website and --role/) })
    const hours = await asAdmin(['person', 'invite', newEmail('h'), '--expires-in', 'soon'])
    expect(hours).toMatchObject({ code: 2, stderr: expect.stringMatching(/--expires-in/) })
  })
})
