import { normalEmail } from '../person.ts'
import { SignInProblem } from './sign-in-problem.ts'

/** Who the provider says signed in. */
export interface ProviderProfile {
  subject: string
  email: string
  name: string
}

const NAME_LENGTH = 100
const EMAIL = /^[^\s@]+@[^\s@]+$/

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined

/** At most `NAME_LENGTH` characters without control characters, as the panel's names are. */
function displayName(claims: Record<string, unknown>, email: string): string {
  const given = [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ')
  const name = (text(claims.name) ?? (given || email)).replace(/\p{Cc}/gu, ' ')
  return [...name].slice(0, NAME_LENGTH).join('')
}

/**
 * The profile in a provider's claims (ID token and userinfo). An email the provider says is not
 * verified is refused: the address is what links a provider's account to a person.
 */
export function profileOf(claims: Record<string, unknown>, providerName: string): ProviderProfile {
  const subject = text(claims.sub)
  if (!subject) throw new SignInProblem(`${providerName} did not say who signed in`)
  const email = text(claims.email)
  if (!email || email.length > 254 || !EMAIL.test(email))
    throw new SignInProblem(`${providerName} did not share an email address`)
  if (claims.email_verified === false || claims.email_verified === 'false')
    throw new SignInProblem(`${providerName} has not verified the email address ${email}`)
  const address = normalEmail(email)
  return { subject, email: address, name: displayName(claims, address) }
}
