/**
 * Why a sign-in through a provider ended on the sign-in page: the message is shown there
 * (`/admin#/sign-in?problem=...`), the cause is logged.
 */
export class SignInProblem extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'SignInProblem'
  }
}
