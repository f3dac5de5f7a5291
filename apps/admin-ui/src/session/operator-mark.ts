/**
 * Whether an operator is signed in to the panel in this tab: a flag, not a secret (the session
 * is the `HttpOnly` cookie), read by `/docs` to show the admin API's document without asking.
 */
const MARK = 'cms-panel-operator'

export function markOperator(operator: boolean): void {
  try {
    if (operator) sessionStorage.setItem(MARK, '1')
    else sessionStorage.removeItem(MARK)
  } catch {
    // Storage refused: /docs asks for a credential.
  }
}
