import { testEnv } from '@cms/testkit'

export interface GraphqlAnswer {
  status: number
  headers: Headers
  body: any
}

/** A GraphQL request to the gateway with `key`: POST by default, GET with the query string. */
export async function graphql(
  key: string,
  query: string,
  options: {
    variables?: Record<string, unknown>
    method?: 'GET' | 'POST'
    headers?: Record<string, string>
    /** Another gateway than the test stack's. */
    gatewayUrl?: string
  } = {},
): Promise<GraphqlAnswer> {
  const url = new URL('/api/graphql', options.gatewayUrl ?? testEnv().gatewayUrl)
  const headers = { 'x-api-key': key, accept: 'application/json', ...options.headers }
  let response: Response
  if (options.method === 'GET') {
    url.searchParams.set('query', query)
    if (options.variables) url.searchParams.set('variables', JSON.stringify(options.variables))
    response = await fetch(url, { headers })
  } else {
    response = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables: options.variables }),
    })
  }
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = text
  }
  return { status: response.status, headers: response.headers, body }
}
