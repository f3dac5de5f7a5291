// The headers a call to a service carries, without the middleware and servers of the index:
// a test client imports only these.
export { authorizationHeaders } from './gateway-authorization.ts'
export { internalHeaders } from './internal-auth.ts'
export type { Caller } from './internal-auth.ts'
