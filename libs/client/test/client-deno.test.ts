import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { REPO_ROOT } from '@cms/stack'
import { createTestWebsite, testEnv } from '@cms/testkit'

const SCRIPT = fileURLToPath(new URL('./deno/client-on-deno.ts', import.meta.url))

describe('@cms/client on Deno', () => {
  it('when a Deno program uses the client against the gateway, then it writes, reads with a qs query and gets a typed error', async () => {
    const site = await createTestWebsite()
    const { stdout } = await promisify(execFile)(
      join(REPO_ROOT, 'node_modules', '.bin', 'deno'),
      ['run', '--allow-env', '--allow-net', '--allow-read', SCRIPT],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, CMS_URL: testEnv().gatewayUrl, CMS_API_KEY: site.adminKey },
        timeout: 60_000,
      },
    )
    expect(JSON.parse(stdout)).toEqual({
      runtime: 'deno',
      slug: 'hello-from-deno',
      listed: [{ title: 'Hello from Deno' }],
      error: { name: 'CmsApiError', status: 404, code: 'NOT_FOUND', requestId: expect.any(String) },
    })
  }, 90_000)
})
