// Run by client-deno.test.ts with Deno: the client as a Deno program would use it.
import process from 'node:process'
import { CmsApiError, createCmsClient } from '../../src/index.ts'

const cms = createCmsClient({
  baseUrl: process.env.CMS_URL!,
  apiKey: process.env.CMS_API_KEY!,
})
await cms.contentTypes.create({
  name: 'deno-note',
  titleField: 'title',
  fields: [{ name: 'title', type: 'text', required: true }],
})
const created = await cms.content.create({ type: 'deno-note', data: { title: 'Hello from Deno' } })
await cms.content.publish(created.id)
const listed = await cms.content.list({
  type: 'deno-note',
  filters: { 'data.title': { $containsi: 'deno' } },
  fields: ['title'],
})
const missing = await cms.content.get('00000000-0000-4000-8000-000000000000').catch((e) => e)
process.stdout.write(
  JSON.stringify({
    runtime: typeof (globalThis as { Deno?: unknown }).Deno === 'object' ? 'deno' : 'other',
    slug: created.slug,
    listed: listed.docs.map((doc) => doc.data),
    error:
      missing instanceof CmsApiError
        ? {
            name: missing.name,
            status: missing.status,
            code: missing.code,
            requestId: missing.requestId,
          }
        : String(missing),
  }),
)
