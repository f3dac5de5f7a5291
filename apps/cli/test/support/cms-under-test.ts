import { testEnv } from '@cms/testkit'
import { runCli } from '../../src/run-cli.ts'

/**
 * `cms <args>` in this process against the test stack's gateway, as the platform operator
 * unless `env` says otherwise: its exit code and what it wrote.
 */
export async function cms(
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const code = await runCli(args, {
    env: { CMS_URL: testEnv().gatewayUrl, CMS_ADMIN_TOKEN: testEnv().adminToken, ...env },
    stdout: { write: (data) => (stdout += String(data)) },
    stderr: { write: (text) => (stderr += text) },
  })
  return { code, stdout, stderr }
}
