// The image's and compose's health check: exit 0 when the service in this container is ready.
// Plain JavaScript so that Node runs it without a loader (it runs every few seconds) and Deno
// runs it unchanged. The gateway listens on CMS_PORT, the other services on PORT.
import process from 'node:process'

const port = process.env.CMS_PORT || process.env.PORT || '8080'
const path = process.argv[2] ?? '/readyz'

try {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    signal: AbortSignal.timeout(4000),
  })
  await response.body?.cancel()
  process.exit(response.ok ? 0 : 1)
} catch {
  process.exit(1)
}
