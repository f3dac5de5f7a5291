import process from 'node:process'

/**
 * The websites this test file created on the shared stack, deleted when the file ends.
 *
 * On FerretDB every query but a find by `_id` reads its whole collection, so what one file leaves
 * behind slows every later file: 30,000 documents make a list take 1.7 s and an update 160 ms
 * (docs/ferretdb.md). Deleting a file's websites hands their records to the purge runner, so the
 * shared stack's collections hold roughly what the files running now need.
 */
const created = new Set<string>()

const WEBSITE_CREATION = /^\/admin\/api\/websites(?:\/import)?(?:\?.*)?$/

/** Notes the website an answer created, when it was created on the shared stack's gateway. */
export function noteCreatedWebsite(
  baseUrl: string,
  method: string,
  path: string,
  status: number,
  body: unknown,
): void {
  if (method !== 'POST' || status !== 201 || !WEBSITE_CREATION.test(path)) return
  if (baseUrl !== process.env.CMS_TEST_GATEWAY_URL) return
  const id = (body as { id?: unknown } | undefined)?.id
  if (typeof id === 'string') created.add(id)
}

/** Deletes every website noted so far (one already deleted by its test is a 404, and fine). */
export async function deleteCreatedWebsites(): Promise<void> {
  const gatewayUrl = process.env.CMS_TEST_GATEWAY_URL
  const token = process.env.CMS_ADMIN_TOKEN
  if (!gatewayUrl || !token) return
  const ids = [...created]
  created.clear()
  await Promise.all(
    ids.map(async (id) => {
      const response = await fetch(`${gatewayUrl}/admin/api/websites/${id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      }).catch(() => undefined)
      await response?.body?.cancel()
    }),
  )
}
