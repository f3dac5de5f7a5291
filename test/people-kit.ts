import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { adminClient } from '@cms/testkit'

/** A person made for a browser test, with the password they sign in with. */
export interface TestPerson {
  id: string
  email: string
  name: string
  password: string
}

export interface PersonOptions {
  operator?: boolean
  memberships?: { websiteId: string; role: string; types?: string[] }[]
  name?: string
}

/** A person created with the admin token (`POST /admin/api/people`), as an installation's first steps do. */
export async function createTestPerson(options: PersonOptions = {}): Promise<TestPerson> {
  const tag = randomUUID().slice(0, 8)
  const email = `person-${tag}@example.com`
  const password = `a long password ${tag}`
  const name = options.name ?? `Person ${tag}`
  const created = await adminClient()('POST', '/admin/api/people', {
    body: {
      email,
      name,
      password,
      operator: options.operator ?? false,
      memberships: options.memberships ?? [],
    },
  })
  if (created.status !== 201)
    throw new Error(`creating a person failed: ${created.status} ${created.text}`)
  return { id: created.body.id as string, email, name, password }
}

/** Fills the sign-in page's password form and submits it. */
export async function signInWithPassword(
  page: Page,
  person: Pick<TestPerson, 'email' | 'password'>,
): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(person.email)
  await page.getByLabel('Password', { exact: true }).fill(person.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

/**
 * Signs in through the form when the page shows it. The session is a cookie of the browser
 * context, so a second tab of a signed-in context opens its route at once.
 */
export async function signInIfAsked(page: Page, person: TestPerson): Promise<void> {
  const form = page.getByLabel('Email', { exact: true })
  const signedIn = page.getByRole('navigation', { name: 'Places' })
  await form.or(signedIn).first().waitFor()
  if (await form.isVisible()) await signInWithPassword(page, person)
  await signedIn.waitFor()
}
